/// <reference path="../pb_data/types.d.ts" />
// The stored card and page JSON (product_card_json, 1795313770_card_json.js; product_detail_json,
// 1795313790_detail_json.js) keep the accented letters and the usual typographic signs escaped
// (\u00e1 for "á"): the same JSON to any parser, but ASCII text to the hooks' JS VM.
//
// The VM keeps an ASCII string as Go bytes, and turns any other into UTF-16 when it reads it
// from SQLite, and back into UTF-8 to hash it (ETag) and send it: with Portuguese titles and
// descriptions, every card of every listing, search, ranking and product page went through those
// conversions. Measured on a copy of the 1,000-product bench database, 1 connection, no response
// cache: the 24-card /home listing answered in 1.70 ms (p50) with the JSON as written, 1.25 ms
// escaped; 8 cards, 1.23 and 1.05 ms. The answers grow by 4 bytes per such character (mostly
// absorbed by gzip).
//
// One trigger per table escapes whatever the card triggers write (every writer of these tables
// goes through them), so the card triggers keep their SQL. The escaped characters are those of
// CHARS: Portuguese and other Western accented letters, ordinal signs, dashes, quotes, ellipsis,
// bullet, euro. Anything else (emoji, other scripts) stays as written: valid JSON, only without
// the gain. The guard is the same character class the escape removes, so a trigger never fires
// itself again. Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs
// 200+ entries.

const CHARS = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇѺª°–—‘’“”…•€"

/** `x` (SQL) with each character of CHARS replaced by its JSON escape. */
const escaped = (x) =>
  [...CHARS].reduce((acc, ch) => `replace(${acc}, '${ch}', '\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}')`, x)
/** True (SQL) when `x` holds a character of CHARS. */
const holds = (x) => `${x} GLOB '*[${CHARS}]*'`

const TABLES = {
  product_card_json: ["head", "tail"],
  product_detail_json: ["tail"],
}
const triggers = (table) => [`${table}_ascii_ai`, `${table}_ascii_au`]

migrate(
  (app) => {
    const sql = (s) => app.db().newQuery(s).execute()
    for (const [table, columns] of Object.entries(TABLES)) {
      const any = (row) => columns.map((c) => holds(`${row}${c}`)).join(" OR ")
      const set = (row) => columns.map((c) => `${c} = ${escaped(`${row}${c}`)}`).join(", ")
      sql(`UPDATE ${table} SET ${set("")} WHERE ${any("")}`)
      const [ai, au] = triggers(table)
      sql(`CREATE TRIGGER ${ai} AFTER INSERT ON ${table} WHEN ${any("new.")} BEGIN
        UPDATE ${table} SET ${set("new.")} WHERE product = new.product; END`)
      sql(`CREATE TRIGGER ${au} AFTER UPDATE OF ${columns.join(", ")} ON ${table} WHEN ${any("new.")} BEGIN
        UPDATE ${table} SET ${set("new.")} WHERE product = new.product; END`)
    }
  },
  (app) => {
    // the stored JSON stays escaped: the same JSON, and the next write of a card stores it as written
    for (const table of Object.keys(TABLES)) {
      for (const t of triggers(table)) app.db().newQuery(`DROP TRIGGER IF EXISTS ${t}`).execute()
    }
  },
)
