/// <reference path="../pb_data/types.d.ts" />
// The triggers that rewrite the stored card and page JSON when a product, a user or a category
// changes (1795313770_card_json.js, 1795313790_detail_json.js) were declared `AFTER UPDATE ON
// <table> WHEN new.x IS NOT old.x OR ...`: with no column list, SQLite compiles them, and the
// triggers their upserts fire in turn (the ASCII escapes, 3 KB each), into every UPDATE of the
// table, whatever it sets. Counters are updated on products all the time (a vote's recount, a
// comment's, views and clicks), and no statement is kept prepared between requests, so each of
// them compiled both JSON builders: ~30% of the CPU of a vote and of a comment at 100,000
// products (perf), for triggers whose WHEN was then false.
//
// With `AFTER UPDATE OF <the columns their WHEN compares>` SQLite leaves them out of an UPDATE
// that sets none of those columns, and fires them exactly as before otherwise (the WHEN is kept:
// a record save that sets every column still fires them only for a real change). The column
// list is read from each trigger's own WHEN, so it cannot drift from it; a trigger whose WHEN is
// anything but such comparisons is left as it is.
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.

const TABLES = ["products", "users", "categories"]
const UNLISTED = /^(CREATE TRIGGER (\w+)\s+AFTER UPDATE) (ON (\w+)\s+WHEN )([\s\S]*?)(\s+BEGIN\b[\s\S]*)$/
const LISTED = /^(CREATE TRIGGER (\w+)\s+AFTER UPDATE) OF [\w, ]+ (ON (\w+)\s+WHEN )([\s\S]*?)(\s+BEGIN\b[\s\S]*)$/
const COMPARISON = /^new\.(\w+) IS NOT old\.(\w+)$/

/** The columns `when` compares (`new.x IS NOT old.x OR ...`), or null when it is anything else. */
function comparedColumns(when) {
  const columns = []
  for (const term of when.trim().split(/\s+OR\s+/)) {
    const m = COMPARISON.exec(term.trim())
    if (!m || m[1] !== m[2]) return null
    columns.push(m[1])
  }
  return columns.length ? columns : null
}

/** Every trigger on TABLES, as { name, sql } (the callers pick the update triggers by their SQL). */
function updateTriggers(app) {
  const rows = arrayOf(new DynamicModel({ name: "", sql: "" }))
  app
    .db()
    .newQuery(
      `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (${TABLES.map((t) => `'${t}'`).join(", ")}) ORDER BY name`,
    )
    .all(rows)
  return rows
}

/** Drops and recreates trigger `name` as `sql`. */
function replace(app, name, sql) {
  app.db().newQuery(`DROP TRIGGER ${name}`).execute()
  app.db().newQuery(sql).execute()
}

migrate(
  (app) => {
    for (const row of updateTriggers(app)) {
      const m = UNLISTED.exec(row.sql)
      if (!m) continue
      const columns = comparedColumns(m[5])
      if (!columns) continue
      replace(app, row.name, `${m[1]} OF ${columns.join(", ")} ${m[3]}${m[5]}${m[6]}`)
    }
  },
  (app) => {
    for (const row of updateTriggers(app)) {
      const m = LISTED.exec(row.sql)
      if (!m || !comparedColumns(m[5])) continue
      replace(app, row.name, `${m[1]} ${m[3]}${m[5]}${m[6]}`)
    }
  },
)
