/// <reference path="../pb_data/types.d.ts" />
// A product's vote count, copied into its full-text key row (products_fts_keys.vc, kept by
// triggers), next to `pub` (its publication time while approved): a relevance search breaks ties
// among its window's matches (up to 150) by votes, then publication, and reads both from the key
// row it already reads for the public check, instead of a second lookup per match in the products
// index (lib/products-query.js). Every write path counts: the vote hooks' UPDATE, the dashboard, raw
// SQL. Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.

const RECENT = 25000
const text = (row, field) => `COALESCE(NULLIF(${row}.search_${field}, ''), ${row}.${field})`
const tagText = (pid) =>
  `(SELECT COALESCE(group_concat(${text("t", "name")}, ' '), '') FROM product_tags pt JOIN tags t ON t.id = pt.tag WHERE pt.product = ${pid})`
const catText = (cid) => `COALESCE((SELECT ${text("c", "name")} FROM categories c WHERE c.id = ${cid}), '')`
const keyOf = (pid) => `(SELECT rid FROM products_fts_keys WHERE id = ${pid})`
const columns = (p) =>
  `${text(p, "title")}, ${text(p, "description")}, ${tagText(`${p}.id`)}, ${catText(`${p}.category`)}`

/** 1795313510_search_stems.js's insert trigger, with the key row's own columns `keyColumns`. */
const insertTrigger = (keyColumns) => {
  const values = { pub: "CASE WHEN new.status = 'approved' THEN new.published_at END", vc: "new.vote_count" }
  return `CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
      INSERT OR IGNORE INTO products_fts_keys (id, ${keyColumns.join(", ")})
        VALUES (new.id, ${keyColumns.map((c) => values[c]).join(", ")});
      INSERT INTO products_fts (rowid, title, description, tags, category) VALUES (${keyOf("new.id")}, ${columns("new")});
      INSERT INTO products_fts_recent (rowid, title, description, tags, category) VALUES (${keyOf("new.id")}, ${columns("new")});
      DELETE FROM products_fts_recent WHERE rowid = ${keyOf("new.id")} - ${RECENT}; END`
}

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    sql("ALTER TABLE products_fts_keys ADD COLUMN vc INTEGER NOT NULL DEFAULT 0")
    sql(
      "UPDATE products_fts_keys SET vc = COALESCE((SELECT p.vote_count FROM products p WHERE p.id = products_fts_keys.id), 0)",
    )
    sql("DROP TRIGGER IF EXISTS products_fts_ai")
    sql(insertTrigger(["pub", "vc"]))
    sql(`CREATE TRIGGER products_fts_keys_vc_au AFTER UPDATE OF vote_count ON products
      WHEN new.vote_count IS NOT old.vote_count BEGIN
      UPDATE products_fts_keys SET vc = new.vote_count WHERE id = new.id; END`)
  },
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    sql("DROP TRIGGER IF EXISTS products_fts_keys_vc_au")
    sql("DROP TRIGGER IF EXISTS products_fts_ai")
    sql(insertTrigger(["pub"]))
    sql("ALTER TABLE products_fts_keys DROP COLUMN vc")
  },
)
