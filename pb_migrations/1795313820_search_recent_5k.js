/// <reference path="../pb_data/types.d.ts" />
// The recent full-text index (products_fts_recent, 1795313510_search_stems.js) holds the newest
// 5,000 products instead of 25,000. Relevance ranks a window of the newest matches against it,
// and bm25 first reads, for each query term, every document of that index holding it: a pass
// that grows with the index, and the largest part of a search at 100,000 products ('aplicativos
// financas', two common terms: 2.5 ms in the hooks with 25,000, 1.9 with 10,000, 1.6 with 5,000).
// A relevance search lists the window first and every other match after it, newest first
// (lib/products-query.js), so the size of this index decides what is ranked, not what is found.
//
// The triggers that write the recent index keep their SQL; only the bound changes (a product
// pushes out the one RECENT keys older, and a rewritten product enters it only when that recent).
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.

const OLD = 25000
const RECENT = 5000

const text = (row, field) => `COALESCE(NULLIF(${row}.search_${field}, ''), ${row}.${field})`
const tagText = (pid) =>
  `(SELECT COALESCE(group_concat(${text("t", "name")}, ' '), '') FROM product_tags pt JOIN tags t ON t.id = pt.tag WHERE pt.product = ${pid})`
const catText = (cid) => `COALESCE((SELECT ${text("c", "name")} FROM categories c WHERE c.id = ${cid}), '')`
const columns = (p) =>
  `${text(p, "title")}, ${text(p, "description")}, ${tagText(`${p}.id`)}, ${catText(`${p}.category`)}`
// the largest key ever given (keys are AUTOINCREMENT): the recent index holds the keys past
// ever - RECENT, as if every product had pushed out its own (lib/products-query.js relies on it)
const ever = "(SELECT seq FROM sqlite_sequence WHERE name = 'products_fts_keys')"

/** Rewrites every trigger that bounds the recent index with `from` keys to bound it with `to`. */
function rebound(app, from, to) {
  const rows = arrayOf(new DynamicModel({ name: "", sql: "" }))
  app
    .db()
    .newQuery(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%products_fts_recent%' ORDER BY name",
    )
    .all(rows)
  for (const row of rows) {
    const bound = new RegExp(`\\) - ${from}(;|\\s)`, "g")
    if (!bound.test(row.sql)) continue
    app.db().newQuery(`DROP TRIGGER ${row.name}`).execute()
    app
      .db()
      .newQuery(row.sql.replace(bound, `) - ${to}$1`))
      .execute()
  }
}

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    rebound(app, OLD, RECENT)
    sql(`DELETE FROM products_fts_recent WHERE rowid IN
      (SELECT rid FROM products_fts_keys WHERE rid <= ${ever} - ${RECENT})`)
    sql("INSERT INTO products_fts_recent (products_fts_recent) VALUES ('optimize')")
  },
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    rebound(app, RECENT, OLD)
    sql(`INSERT INTO products_fts_recent (rowid, title, description, tags, category)
      SELECT k.rid, ${columns("p")} FROM products p JOIN products_fts_keys k ON k.id = p.id
      WHERE k.rid > ${ever} - ${OLD} AND k.rid <= ${ever} - ${RECENT}`)
    sql("INSERT INTO products_fts_recent (products_fts_recent) VALUES ('optimize')")
  },
)
