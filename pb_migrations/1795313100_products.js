/// <reference path="../pb_data/types.d.ts" />
// Products at scale (10,000 to 100,000 products): listing indexes, a full-text table that writes
// reach by key, and facet counts kept by SQLite itself. Keep this file quiet (no app.logger()):
// 0.39.0 hangs on a migration that logs 200+ entries.
//
// 1. Listing indexes. The listing (pb_hooks/lib/products-query.js) pages approved products by
//    keyset on (published_at, id) or (vote_count, published_at, id), newest/top first; these
//    partial indexes serve both orders and the cursor comparison without a sort.
// 2. products_fts, rebuilt. The first version was keyed by an UNINDEXED `id` column, so every
//    trigger's `UPDATE/DELETE ... WHERE id = x` scanned the whole FTS table (seconds per write at
//    100,000 products). Now each product gets a stable integer key in products_fts_keys (an
//    explicit INTEGER PRIMARY KEY, which VACUUM keeps; implicit rowids it may renumber) and the
//    FTS rowid is that key. The key row also carries `pub`: the publication time while the
//    product is approved, else NULL, so a search filters public products without reading the
//    (large) product rows. prefix='2 3' indexes short prefixes: queries end words with `*`.
// 3. facet_counts: approved products per category and per tag, kept exact by triggers on every
//    write path (PocketBase saves, cascades, raw SQL alike). Counting on demand read every
//    product_tags row: ~1.5 s at 100,000 products. Deletion order does not matter: whichever of
//    a product and its product_tags rows goes first takes its counts with it, the other finds
//    nothing left to subtract.

const FTS_TRIGGERS = [
  "products_fts_ai",
  "products_fts_au",
  "products_fts_ad",
  "product_tags_fts_ai",
  "product_tags_fts_ad",
  "tags_fts_au",
  "categories_fts_au",
]
const NEW_TRIGGERS = [
  "products_fts_pub_au",
  "facets_products_ai",
  "facets_products_au",
  "facets_products_ad",
  "facets_product_tags_ai",
  "facets_product_tags_au",
  "facets_product_tags_ad",
]

const tagText = (pid) =>
  `(SELECT COALESCE(group_concat(t.name, ' '), '') FROM product_tags pt JOIN tags t ON t.id = pt.tag WHERE pt.product = ${pid})`
const catText = (cid) => `COALESCE((SELECT name FROM categories WHERE id = ${cid}), '')`
const keyOf = (pid) => `(SELECT rid FROM products_fts_keys WHERE id = ${pid})`
const pubOf = (row) => `CASE WHEN ${row}.status = 'approved' THEN ${row}.published_at END`

/** Adds `delta` to the counts selected by `select` (rows of kind, key). */
const addCounts = (select, delta) =>
  `INSERT INTO facet_counts (kind, key, n) SELECT kind, key, ${delta} FROM (${select}) WHERE key != '' ` +
  "ON CONFLICT (kind, key) DO UPDATE SET n = n + excluded.n;"
const categoryOf = (row) => `SELECT 'category' AS kind, ${row}.category AS key WHERE ${row}.status = 'approved'`
const tagsOf = (row) =>
  `SELECT 'tag' AS kind, tag AS key FROM product_tags WHERE product = ${row}.id AND ${row}.status = 'approved'`
const approved = (pid) => `(SELECT status FROM products WHERE id = ${pid}) = 'approved'`

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()

    const products = app.findCollectionByNameOrId("products")
    products.addIndex("idx_products_approved_recent", false, "published_at DESC, id DESC", "status = 'approved'")
    products.addIndex(
      "idx_products_approved_top",
      false,
      "vote_count DESC, published_at DESC, id DESC",
      "status = 'approved'",
    )
    app.save(products)

    // ---------- full-text search, keyed ----------
    for (const t of FTS_TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DROP TABLE IF EXISTS products_fts")
    sql(`CREATE TABLE products_fts_keys (
      rid INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      pub TEXT)`)
    sql(`CREATE VIRTUAL TABLE products_fts USING fts5(
      id UNINDEXED, title, description, tags, category,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`)

    // existing products, oldest first
    sql(`INSERT INTO products_fts_keys (id, pub) SELECT id, ${pubOf("products")} FROM products ORDER BY created, id`)
    sql(`INSERT INTO products_fts (rowid, id, title, description, tags, category)
      SELECT k.rid, p.id, p.title, p.description, ${tagText("p.id")}, ${catText("p.category")}
      FROM products p JOIN products_fts_keys k ON k.id = p.id`)

    sql(`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
      INSERT OR IGNORE INTO products_fts_keys (id, pub) VALUES (new.id, ${pubOf("new")});
      INSERT INTO products_fts (rowid, id, title, description, tags, category)
      VALUES (${keyOf("new.id")}, new.id, new.title, new.description, ${tagText("new.id")}, ${catText("new.category")}); END`)
    sql(`CREATE TRIGGER products_fts_au AFTER UPDATE OF title, description, category ON products BEGIN
      UPDATE products_fts SET title = new.title, description = new.description, category = ${catText("new.category")}
      WHERE rowid = ${keyOf("new.id")}; END`)
    sql(`CREATE TRIGGER products_fts_pub_au AFTER UPDATE OF status, published_at ON products BEGIN
      UPDATE products_fts_keys SET pub = ${pubOf("new")} WHERE id = new.id; END`)
    sql(`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
      DELETE FROM products_fts WHERE rowid = ${keyOf("old.id")};
      DELETE FROM products_fts_keys WHERE id = old.id; END`)
    sql(`CREATE TRIGGER product_tags_fts_ai AFTER INSERT ON product_tags BEGIN
      UPDATE products_fts SET tags = ${tagText("new.product")} WHERE rowid = ${keyOf("new.product")}; END`)
    sql(`CREATE TRIGGER product_tags_fts_ad AFTER DELETE ON product_tags BEGIN
      UPDATE products_fts SET tags = ${tagText("old.product")} WHERE rowid = ${keyOf("old.product")}; END`)
    sql(`CREATE TRIGGER tags_fts_au AFTER UPDATE OF name ON tags BEGIN
      UPDATE products_fts SET tags = ${tagText("products_fts.id")}
      WHERE rowid IN (SELECT k.rid FROM product_tags pt JOIN products_fts_keys k ON k.id = pt.product WHERE pt.tag = new.id); END`)
    sql(`CREATE TRIGGER categories_fts_au AFTER UPDATE OF name ON categories BEGIN
      UPDATE products_fts SET category = new.name
      WHERE rowid IN (SELECT k.rid FROM products p JOIN products_fts_keys k ON k.id = p.id WHERE p.category = new.id); END`)

    // ---------- facet counts ----------
    sql(`CREATE TABLE facet_counts (
      kind TEXT NOT NULL,
      key TEXT NOT NULL,
      n INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, key)) WITHOUT ROWID`)
    sql(`INSERT INTO facet_counts (kind, key, n)
      SELECT 'category', category, COUNT(*) FROM products WHERE status = 'approved' AND category != '' GROUP BY category`)
    sql(`INSERT INTO facet_counts (kind, key, n)
      SELECT 'tag', pt.tag, COUNT(*) FROM product_tags pt JOIN products p ON p.id = pt.product
      WHERE p.status = 'approved' GROUP BY pt.tag`)
    sql(`CREATE TRIGGER facets_products_ai AFTER INSERT ON products WHEN new.status = 'approved' BEGIN
      ${addCounts(categoryOf("new"), 1)}
      ${addCounts(tagsOf("new"), 1)} END`)
    // PocketBase writes every column on save: "UPDATE OF" fires on unchanged values too, and
    // minus-old-plus-new is then a no-op
    sql(`CREATE TRIGGER facets_products_au AFTER UPDATE OF status, category ON products BEGIN
      ${addCounts(categoryOf("old"), -1)}
      ${addCounts(tagsOf("old"), -1)}
      ${addCounts(categoryOf("new"), 1)}
      ${addCounts(tagsOf("new"), 1)} END`)
    sql(`CREATE TRIGGER facets_products_ad AFTER DELETE ON products WHEN old.status = 'approved' BEGIN
      ${addCounts(categoryOf("old"), -1)}
      ${addCounts(tagsOf("old"), -1)} END`)
    sql(`CREATE TRIGGER facets_product_tags_ai AFTER INSERT ON product_tags BEGIN
      ${addCounts(`SELECT 'tag' AS kind, new.tag AS key WHERE ${approved("new.product")}`, 1)} END`)
    sql(`CREATE TRIGGER facets_product_tags_au AFTER UPDATE OF product, tag ON product_tags BEGIN
      ${addCounts(`SELECT 'tag' AS kind, old.tag AS key WHERE ${approved("old.product")}`, -1)}
      ${addCounts(`SELECT 'tag' AS kind, new.tag AS key WHERE ${approved("new.product")}`, 1)} END`)
    sql(`CREATE TRIGGER facets_product_tags_ad AFTER DELETE ON product_tags BEGIN
      ${addCounts(`SELECT 'tag' AS kind, old.tag AS key WHERE ${approved("old.product")}`, -1)} END`)
  },
  (app) => {
    // back to 1795312900_init_schema.js's full-text table, without the counts
    const sql = (q) => app.db().newQuery(q).execute()
    for (const t of [...FTS_TRIGGERS, ...NEW_TRIGGERS]) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DROP TABLE IF EXISTS facet_counts")
    sql("DROP TABLE IF EXISTS products_fts")
    sql("DROP TABLE IF EXISTS products_fts_keys")
    sql(`CREATE VIRTUAL TABLE products_fts USING fts5(
      id UNINDEXED, title, description, tags, category,
      tokenize = 'unicode61 remove_diacritics 2')`)
    sql(`INSERT INTO products_fts (id, title, description, tags, category)
      SELECT p.id, p.title, p.description, ${tagText("p.id")}, ${catText("p.category")} FROM products p`)
    sql(`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
      INSERT INTO products_fts (id, title, description, tags, category)
      VALUES (new.id, new.title, new.description, ${tagText("new.id")}, ${catText("new.category")}); END`)
    sql(`CREATE TRIGGER products_fts_au AFTER UPDATE OF title, description, category ON products BEGIN
      UPDATE products_fts SET title = new.title, description = new.description, category = ${catText("new.category")}
      WHERE id = new.id; END`)
    sql(`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
      DELETE FROM products_fts WHERE id = old.id; END`)
    sql(`CREATE TRIGGER product_tags_fts_ai AFTER INSERT ON product_tags BEGIN
      UPDATE products_fts SET tags = ${tagText("new.product")} WHERE id = new.product; END`)
    sql(`CREATE TRIGGER product_tags_fts_ad AFTER DELETE ON product_tags BEGIN
      UPDATE products_fts SET tags = ${tagText("old.product")} WHERE id = old.product; END`)
    sql(`CREATE TRIGGER tags_fts_au AFTER UPDATE OF name ON tags BEGIN
      UPDATE products_fts SET tags = ${tagText("products_fts.id")}
      WHERE id IN (SELECT product FROM product_tags WHERE tag = new.id); END`)
    sql(`CREATE TRIGGER categories_fts_au AFTER UPDATE OF name ON categories BEGIN
      UPDATE products_fts SET category = new.name
      WHERE id IN (SELECT id FROM products WHERE category = new.id); END`)

    const products = app.findCollectionByNameOrId("products")
    products.removeIndex("idx_products_approved_recent")
    products.removeIndex("idx_products_approved_top")
    app.save(products)
  },
)
