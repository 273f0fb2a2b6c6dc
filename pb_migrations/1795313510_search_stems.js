/// <reference path="../pb_data/types.d.ts" />
// Search that stays flat from 1,000 to 100,000 products: the index holds stemmed words, so a
// query matches whole tokens instead of scanning prefixes (pb_hooks/lib/products-search.js).
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.
//
// 1. Hidden text fields with the stemmed text: products.search_title and search_description,
//    tags.search_name, categories.search_name. The hooks in pb_hooks/search.pb.js fill them on
//    every save (PocketBase API, dashboard, hooks); this migration fills them for existing rows.
//    A row written by raw SQL without them is still found by its words as written (the triggers
//    fall back to the plain text), only not by their other forms.
// 2. products_fts rebuilt as a contentless table (content='', contentless_delete=1): it keeps the
//    index only, not a third copy of every text; bm25 works on it. No prefix indexes: no query
//    asks for prefixes any more. The triggers of 1795313100_products.js are recreated to index
//    the stemmed fields; a change of a product's tags, a tag name or a category name rewrites the
//    affected rows whole (a contentless row is replaced, not patched). products_fts_keys (stable
//    integer keys, `pub`) and its triggers stay as they are.
// 3. products_fts_recent: the same index over the newest RECENT (25,000) products only (by key;
//    each new product pushes the one RECENT keys older out). Relevance ranking (bm25) first reads
//    how many documents hold each query term, a pass over the term's whole index entry: at
//    100,000 products that pass alone cost more than the rest of a search. Ranking the newest
//    matches (300 then, 150 since; lib/products-query.js) against this table bounds it; when the
//    newest products hold fewer than a page of matches, the query uses products_fts (then the
//    terms are rare, and so is the pass short).

const FTS_TRIGGERS = [
  "products_fts_ai",
  "products_fts_au",
  "products_fts_ad",
  "product_tags_fts_ai",
  "product_tags_fts_ad",
  "tags_fts_au",
  "categories_fts_au",
]

const text = (row, field) => `COALESCE(NULLIF(${row}.search_${field}, ''), ${row}.${field})`
const tagText = (pid) =>
  `(SELECT COALESCE(group_concat(${text("t", "name")}, ' '), '') FROM product_tags pt JOIN tags t ON t.id = pt.tag WHERE pt.product = ${pid})`
const catText = (cid) => `COALESCE((SELECT ${text("c", "name")} FROM categories c WHERE c.id = ${cid}), '')`
const keyOf = (pid) => `(SELECT rid FROM products_fts_keys WHERE id = ${pid})`
const RECENT = 25000
const recentFloor = `(SELECT COALESCE(MAX(rid), 0) FROM products_fts_keys) - ${RECENT}`
const columns = (p) =>
  `${text(p, "title")}, ${text(p, "description")}, ${tagText(`${p}.id`)}, ${catText(`${p}.category`)}`
/** Rewrites the index rows of the products chosen by `where` (over products p), from their rows. */
const reindex = (where) =>
  `DELETE FROM products_fts WHERE rowid IN (SELECT k.rid FROM products p JOIN products_fts_keys k ON k.id = p.id WHERE ${where});
   INSERT INTO products_fts (rowid, title, description, tags, category)
   SELECT k.rid, ${columns("p")} FROM products p JOIN products_fts_keys k ON k.id = p.id WHERE ${where};
   DELETE FROM products_fts_recent WHERE rowid IN (SELECT k.rid FROM products p JOIN products_fts_keys k ON k.id = p.id WHERE ${where});
   INSERT INTO products_fts_recent (rowid, title, description, tags, category)
   SELECT k.rid, ${columns("p")} FROM products p JOIN products_fts_keys k ON k.id = p.id
   WHERE (${where}) AND k.rid > ${recentFloor};`
const FTS_TABLE = (name) => `CREATE VIRTUAL TABLE ${name} USING fts5(title, description, tags, category,
      content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`

function addHidden(app, collectionName, names) {
  const c = app.findCollectionByNameOrId(collectionName)
  for (const name of names) c.fields.add(new TextField({ name, hidden: true, max: 5000 }))
  app.save(c)
}

function removeFields(app, collectionName, names) {
  const c = app.findCollectionByNameOrId(collectionName)
  for (const name of names) c.fields.removeByName(name)
  app.save(c)
}

/** Stems `fields` of every row of `table` into search_<field>, a thousand rows at a time. */
function backfill(app, table, fields) {
  const search = require(`${__hooks}/lib/products-search.js`)
  let after = ""
  for (;;) {
    const shape = { id: "" }
    for (const f of fields) shape[f] = ""
    const rows = arrayOf(new DynamicModel(shape))
    app
      .db()
      .newQuery(`SELECT id, ${fields.join(", ")} FROM ${table} WHERE id > {:after} ORDER BY id LIMIT 1000`)
      .bind({ after })
      .all(rows)
    if (rows.length === 0) return
    for (const row of rows) {
      const set = fields.map((f) => `search_${f} = {:${f}}`).join(", ")
      const bind = { id: row.id }
      for (const f of fields) bind[f] = search.stemText(row[f])
      app.db().newQuery(`UPDATE ${table} SET ${set} WHERE id = {:id}`).bind(bind).execute()
    }
    after = rows[rows.length - 1].id
  }
}

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    addHidden(app, "products", ["search_title", "search_description"])
    addHidden(app, "tags", ["search_name"])
    addHidden(app, "categories", ["search_name"])

    for (const t of FTS_TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DROP TABLE IF EXISTS products_fts")
    backfill(app, "tags", ["name"])
    backfill(app, "categories", ["name"])
    backfill(app, "products", ["title", "description"])

    sql(FTS_TABLE("products_fts"))
    sql(`INSERT INTO products_fts (rowid, title, description, tags, category)
      SELECT k.rid, ${columns("p")} FROM products p JOIN products_fts_keys k ON k.id = p.id`)
    sql(FTS_TABLE("products_fts_recent"))
    sql(`INSERT INTO products_fts_recent (rowid, title, description, tags, category)
      SELECT k.rid, ${columns("p")} FROM products p JOIN products_fts_keys k ON k.id = p.id WHERE k.rid > ${recentFloor}`)

    sql(`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
      INSERT OR IGNORE INTO products_fts_keys (id, pub)
        VALUES (new.id, CASE WHEN new.status = 'approved' THEN new.published_at END);
      INSERT INTO products_fts (rowid, title, description, tags, category) VALUES (${keyOf("new.id")}, ${columns("new")});
      INSERT INTO products_fts_recent (rowid, title, description, tags, category) VALUES (${keyOf("new.id")}, ${columns("new")});
      DELETE FROM products_fts_recent WHERE rowid = ${keyOf("new.id")} - ${RECENT}; END`)
    sql(`CREATE TRIGGER products_fts_au
      AFTER UPDATE OF title, description, category, search_title, search_description ON products BEGIN
      ${reindex("p.id = new.id")} END`)
    sql(`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
      DELETE FROM products_fts WHERE rowid = ${keyOf("old.id")};
      DELETE FROM products_fts_recent WHERE rowid = ${keyOf("old.id")};
      DELETE FROM products_fts_keys WHERE id = old.id; END`)
    sql(`CREATE TRIGGER product_tags_fts_ai AFTER INSERT ON product_tags BEGIN ${reindex("p.id = new.product")} END`)
    sql(`CREATE TRIGGER product_tags_fts_ad AFTER DELETE ON product_tags BEGIN ${reindex("p.id = old.product")} END`)
    sql(`CREATE TRIGGER tags_fts_au AFTER UPDATE OF name, search_name ON tags BEGIN
      ${reindex("p.id IN (SELECT product FROM product_tags WHERE tag = new.id)")} END`)
    sql(`CREATE TRIGGER categories_fts_au AFTER UPDATE OF name, search_name ON categories BEGIN
      ${reindex("p.category = new.id")} END`)
  },
  (app) => {
    // back to 1795313100_products.js's full-text table (content kept, prefix indexes, plain text)
    const sql = (q) => app.db().newQuery(q).execute()
    for (const t of FTS_TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DROP TABLE IF EXISTS products_fts")
    sql("DROP TABLE IF EXISTS products_fts_recent")
    removeFields(app, "products", ["search_title", "search_description"])
    removeFields(app, "tags", ["search_name"])
    removeFields(app, "categories", ["search_name"])

    const plainTags = (pid) =>
      `(SELECT COALESCE(group_concat(t.name, ' '), '') FROM product_tags pt JOIN tags t ON t.id = pt.tag WHERE pt.product = ${pid})`
    const plainCat = (cid) => `COALESCE((SELECT name FROM categories WHERE id = ${cid}), '')`
    sql(`CREATE VIRTUAL TABLE products_fts USING fts5(
      id UNINDEXED, title, description, tags, category,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`)
    sql(`INSERT INTO products_fts (rowid, id, title, description, tags, category)
      SELECT k.rid, p.id, p.title, p.description, ${plainTags("p.id")}, ${plainCat("p.category")}
      FROM products p JOIN products_fts_keys k ON k.id = p.id`)
    sql(`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
      INSERT OR IGNORE INTO products_fts_keys (id, pub)
        VALUES (new.id, CASE WHEN new.status = 'approved' THEN new.published_at END);
      INSERT INTO products_fts (rowid, id, title, description, tags, category)
      VALUES (${keyOf("new.id")}, new.id, new.title, new.description, ${plainTags("new.id")}, ${plainCat("new.category")}); END`)
    sql(`CREATE TRIGGER products_fts_au AFTER UPDATE OF title, description, category ON products BEGIN
      UPDATE products_fts SET title = new.title, description = new.description, category = ${plainCat("new.category")}
      WHERE rowid = ${keyOf("new.id")}; END`)
    sql(`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
      DELETE FROM products_fts WHERE rowid = ${keyOf("old.id")};
      DELETE FROM products_fts_keys WHERE id = old.id; END`)
    sql(`CREATE TRIGGER product_tags_fts_ai AFTER INSERT ON product_tags BEGIN
      UPDATE products_fts SET tags = ${plainTags("new.product")} WHERE rowid = ${keyOf("new.product")}; END`)
    sql(`CREATE TRIGGER product_tags_fts_ad AFTER DELETE ON product_tags BEGIN
      UPDATE products_fts SET tags = ${plainTags("old.product")} WHERE rowid = ${keyOf("old.product")}; END`)
    sql(`CREATE TRIGGER tags_fts_au AFTER UPDATE OF name ON tags BEGIN
      UPDATE products_fts SET tags = ${plainTags("products_fts.id")}
      WHERE rowid IN (SELECT k.rid FROM product_tags pt JOIN products_fts_keys k ON k.id = pt.product WHERE pt.tag = new.id); END`)
    sql(`CREATE TRIGGER categories_fts_au AFTER UPDATE OF name ON categories BEGIN
      UPDATE products_fts SET category = new.name
      WHERE rowid IN (SELECT k.rid FROM products p JOIN products_fts_keys k ON k.id = p.id WHERE p.category = new.id); END`)
  },
)
