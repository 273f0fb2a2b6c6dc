/// <reference path="../pb_data/types.d.ts" />
// 1795313830_card_json_ascii.js meant to escape "Ñ" and "º" in the stored card and page JSON, but
// its list holds a single other character in their place (U+047A): a title like "1º lugar" kept its
// card non-ASCII, so the hooks' JS VM converted it on every read (the same JSON, only without that
// migration's gain). Two more triggers escape these two, next to that migration's: whichever runs
// first, the other's guard then finds nothing left to escape, so neither fires again.

const TABLES = {
  product_card_json: ["head", "tail"],
  product_detail_json: ["tail"],
}
const EVENTS = { ai: () => "INSERT", au: (columns) => `UPDATE OF ${columns.join(", ")}` }
const triggerName = (table, event) => `${table}_ascii_ord_${event}`

/** `x` (SQL) with Ñ and º replaced by their JSON escapes. */
const escaped = (x) => `replace(replace(${x}, 'Ñ', '\\u00d1'), 'º', '\\u00ba')`

migrate(
  (app) => {
    for (const [table, columns] of Object.entries(TABLES)) {
      // (row: "" for the table's rows, "new." in a trigger)
      const holdsAny = (row) => columns.map((c) => `${row}${c} GLOB '*[Ñº]*'`).join(" OR ")
      const escapeAll = (row) => columns.map((c) => `${c} = ${escaped(row + c)}`).join(", ")
      const statements = [`UPDATE ${table} SET ${escapeAll("")} WHERE ${holdsAny("")}`]
      for (const [event, on] of Object.entries(EVENTS)) {
        statements.push(
          `CREATE TRIGGER ${triggerName(table, event)} AFTER ${on(columns)} ON ${table} WHEN ${holdsAny("new.")} ` +
            `BEGIN UPDATE ${table} SET ${escapeAll("new.")} WHERE product = new.product; END`,
        )
      }
      for (const sql of statements) app.db().newQuery(sql).execute()
    }
  },
  (app) => {
    for (const table of Object.keys(TABLES)) {
      for (const event of Object.keys(EVENTS)) {
        app
          .db()
          .newQuery(`DROP TRIGGER IF EXISTS ${triggerName(table, event)}`)
          .execute()
      }
    }
  },
)
