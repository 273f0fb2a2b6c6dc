/// <reference path="../pb_data/types.d.ts" />
// A product's four counters in its full-text key row (products_fts_keys: vc, the votes, since
// 1795313800_fts_keys_votes.js; now vw, ck and cm, its views, clicks and comments), kept by the
// triggers on products: a relevance search's page reads each card's counters from the key row it
// already reads for the window (lib/products-query.js), instead of looking up each product's row
// (its id in the products index, then the row) only for them. Every write path counts: the hooks'
// counter updates, the dashboard, raw SQL, and products inserted with counters already set.
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.

const COUNTERS = { vc: "vote_count", vw: "view_count", ck: "click_count", cm: "comment_count" }
const NEW = Object.keys(COUNTERS).filter((c) => c !== "vc")

/** The key row's insert in products_fts_ai, as 1795313800_fts_keys_votes.js wrote it, and as here. */
const KEY_INSERT =
  /INSERT OR IGNORE INTO products_fts_keys \(id, pub, vc\)(\s+)VALUES \(new\.id, (CASE WHEN new\.status = 'approved' THEN new\.published_at END), new\.vote_count\)/
const KEY_INSERT_COUNTERS =
  /INSERT OR IGNORE INTO products_fts_keys \(id, pub, vc, vw, ck, cm\)(\s+)VALUES \(new\.id, (CASE WHEN new\.status = 'approved' THEN new\.published_at END), new\.vote_count, new\.view_count, new\.click_count, new\.comment_count\)/

/** Rewrites trigger products_fts_ai's key row insert: `pattern` to `replacement`. */
function rewriteInsert(app, pattern, replacement) {
  const row = new DynamicModel({ sql: "" })
  app.db().newQuery("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'products_fts_ai'").one(row)
  if (!pattern.test(row.sql)) throw new Error("products_fts_ai: the key row's insert is not the one expected")
  app.db().newQuery("DROP TRIGGER products_fts_ai").execute()
  app.db().newQuery(row.sql.replace(pattern, replacement)).execute()
}

/** The trigger that copies `columns` (key row column -> products column) into the key row. */
const updateTrigger = (name, columns) => {
  const pairs = Object.entries(columns)
  return `CREATE TRIGGER ${name} AFTER UPDATE OF ${pairs.map(([, p]) => p).join(", ")} ON products
      WHEN ${pairs.map(([, p]) => `new.${p} IS NOT old.${p}`).join(" OR ")} BEGIN
      UPDATE products_fts_keys SET ${pairs.map(([k, p]) => `${k} = new.${p}`).join(", ")} WHERE id = new.id; END`
}

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    for (const c of NEW) sql(`ALTER TABLE products_fts_keys ADD COLUMN ${c} INTEGER NOT NULL DEFAULT 0`)
    sql(
      `UPDATE products_fts_keys SET ${NEW.map((c) => `${c} = p.${COUNTERS[c]}`).join(", ")} ` +
        "FROM products p WHERE p.id = products_fts_keys.id",
    )
    rewriteInsert(
      app,
      KEY_INSERT,
      "INSERT OR IGNORE INTO products_fts_keys (id, pub, vc, vw, ck, cm)$1VALUES (new.id, $2, new.vote_count, " +
        "new.view_count, new.click_count, new.comment_count)",
    )
    sql("DROP TRIGGER IF EXISTS products_fts_keys_vc_au")
    sql(updateTrigger("products_fts_keys_counters_au", COUNTERS))
  },
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    sql("DROP TRIGGER IF EXISTS products_fts_keys_counters_au")
    sql(updateTrigger("products_fts_keys_vc_au", { vc: COUNTERS.vc }))
    rewriteInsert(
      app,
      KEY_INSERT_COUNTERS,
      "INSERT OR IGNORE INTO products_fts_keys (id, pub, vc)$1VALUES (new.id, $2, new.vote_count)",
    )
    for (const c of NEW) sql(`ALTER TABLE products_fts_keys DROP COLUMN ${c}`)
  },
)
