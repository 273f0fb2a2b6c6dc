// @ts-check
/// <reference path="../types/types.d.ts" />
// Prepared statements for the hottest reads (a product page, its comments, its related products,
// a vote's checks), shared by every JS VM through the app store.
//
// A query through dbx (app.db().newQuery(sql).bind(...).one(model)) has SQLite compile its text
// every time it runs. In npm run bench's mixed workload (100,000 products) compiling was 11% of
// the server's CPU (perf), and half of a product page's read: 0.15 ms, against 0.07 ms prepared.
// database/sql keeps a statement prepared on each connection it ran on and is safe for
// concurrent use, so one statement object per SQL text serves every VM and request.
//
// Rules for the SQL given here: a fixed text (values are bound to ?1, ?2, ..., never written into
// it: each text stays prepared for the life of the process, so the number of texts must stay
// that of the call sites, or of their combinations of clauses: positional() below), and no NULL
// in what it answers (COALESCE): columns are read as text (database/sql writes numbers as their
// digits). In a transaction (whose reads must see its own writes, on its own connection) the same
// SQL runs through dbx instead, and so does any text past the first MAX_TEXTS: whatever clauses
// requests combine, what stays prepared is bounded.

const PREFIX = "vitrine:stmt:"
const COUNT_KEY = "vitrine:stmt-count"
// Today's call sites make at most ~107 texts: ~15 fixed ones, one per combination of the six
// listing filters for a search's check for older matches, a search's last window page without a
// filter (two), and 24 listing pages (two sorts, first page or not, no filter or one of five:
// lib/products-query.js). The cap is a backstop for a call site whose texts would not be bounded,
// set above that so it never sends the fixed ones (the product page, votes, comments) through dbx.
const MAX_TEXTS = 128

/**
 * The shared prepared statement of `sql`, or null once MAX_TEXTS texts are prepared (the caller
 * then runs it through dbx). Prepared outside the store's lock (preparing waits for a
 * connection), then stored under it (setFunc: the store's getOrSet does not hold its lock between
 * its check and its write); when two callers prepare it at once, the one stored first is kept and
 * the other closed.
 * @param {core.App} app
 * @param {string} sql
 * @returns {any} database/sql's *Stmt, or null
 */
function statement(app, sql) {
  const store = require(`${__hooks}/lib/app-store.js`).appStore(app)
  const kept = store.get(PREFIX + sql)
  if (kept) return kept
  if ((store.get(COUNT_KEY) || 0) >= MAX_TEXTS) return null // (without taking the store's lock)
  let admitted = false
  store.setFunc(COUNT_KEY, (/** @type {number | undefined} */ n) => {
    admitted = (n || 0) < MAX_TEXTS
    return admitted ? (n || 0) + 1 : n
  })
  if (!admitted) return null
  const uncount = () => store.setFunc(COUNT_KEY, (/** @type {number | undefined} */ n) => (n || 1) - 1)
  /** @type {any} */
  let prepared
  try {
    prepared = /** @type {any} */ (app.concurrentDB()).db().prepare(sql)
  } catch (err) {
    uncount()
    throw err
  }
  /** @type {any} */
  let stmt = null
  store.setFunc(PREFIX + sql, (/** @type {any} */ old) => (stmt = old || prepared))
  if (stmt !== prepared) {
    prepared.close()
    uncount() // the text is counted once, by the caller that stored it
  }
  return stmt
}

/**
 * The rows `sql` answers with `args` bound to ?1, ?2, ..., each as an object of `columns` (the
 * SELECT's columns in order) holding their values as text. `keep` false: through dbx, compiled for
 * this call (a text of a call site whose combinations of clauses are too many to keep prepared).
 * @param {core.App} app
 * @param {string} sql
 * @param {unknown[]} args
 * @param {string[]} columns
 * @param {boolean} [keep]
 * @returns {{ [column: string]: string }[]}
 */
function rows(app, sql, args, columns, keep = true) {
  const stmt = keep && !app.isTransactional() ? statement(app, sql) : null
  if (!stmt) return throughDbx(app, sql, args, columns)
  const res = stmt.query(...args)
  const cells = columns.map(() => nullString())
  /** @type {{ [column: string]: string }[]} */
  const out = []
  try {
    while (res.next()) {
      res.scan(...cells)
      /** @type {{ [column: string]: string }} */
      const row = {}
      for (let i = 0; i < columns.length; i++) row[columns[i]] = String(cells[i])
      out.push(row)
    }
    const err = res.err() // what ended the rows early, if anything
    if (err) throw err
  } finally {
    res.close()
  }
  return out
}

/**
 * `sql` written with dbx's named placeholders ({:name}) as the ?1, ?2, ... of rows() and one(),
 * numbered in order of first appearance, with the values of `bind` in that order: the same text
 * for every call from one call site with the same clauses, whatever the values.
 * @param {string} sql
 * @param {{ [name: string]: unknown }} bind
 * @returns {{ sql: string, args: unknown[] }}
 */
function positional(sql, bind) {
  /** @type {string[]} */
  const names = []
  const text = sql.replace(/\{:(\w+)\}/g, (_, name) => {
    let i = names.indexOf(name)
    if (i === -1) i = names.push(name) - 1
    return "?" + (i + 1)
  })
  return { sql: text, args: names.map((n) => bind[n]) }
}

/**
 * The first row `sql` answers (see rows), or null when it answers none.
 * @param {core.App} app
 * @param {string} sql
 * @param {unknown[]} args
 * @param {string[]} columns
 * @param {boolean} [keep]
 */
function one(app, sql, args, columns, keep = true) {
  const all = rows(app, sql, args, columns, keep)
  return all.length > 0 ? all[0] : null
}

/**
 * rows() through dbx (compiled for this call): inside a transaction, on its connection, or past
 * MAX_TEXTS prepared texts. ?N written as dbx's {:aN} placeholders.
 * @param {core.App} app
 * @param {string} sql
 * @param {unknown[]} args
 * @param {string[]} columns
 */
function throughDbx(app, sql, args, columns) {
  /** @type {{ [name: string]: unknown }} */
  const bind = {}
  args.forEach((value, i) => (bind["a" + (i + 1)] = value))
  /** @type {{ [column: string]: string }} */
  const shape = {}
  for (const c of columns) shape[c] = ""
  const found = arrayOf(new DynamicModel(shape))
  app
    .db()
    .newQuery(sql.replace(/\?(\d+)/g, "{:a$1}"))
    .bind(bind)
    .all(found)
  return found.map((r) => {
    /** @type {{ [column: string]: string }} */
    const row = {}
    for (const c of columns) row[c] = String(r[c])
    return row
  })
}

module.exports = { rows, one, positional }
