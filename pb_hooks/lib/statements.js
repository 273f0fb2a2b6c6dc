// @ts-check
/// <reference path="../types/types.d.ts" />
// Prepared statements for the hottest reads (a product page, its comments, its related products,
// a vote's checks) and for what votes and comments write (prepareForWrites), shared by every JS
// VM through the app store.
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
// SQL runs prepared on the write connection when prepareForWrites was given it (a fixed set: 11
// texts today, lib/engagement.js), else through dbx, and so does any text past the first
// MAX_TEXTS: whatever clauses requests combine, what stays prepared is bounded.

const PREFIX = "vitrine:stmt:"
const WRITE_PREFIX = "vitrine:wstmt:"
const COUNT_KEY = "vitrine:stmt-count"
// Today's call sites make at most ~108 texts: ~16 fixed ones, one per combination of the six
// listing filters for a search's first read (its newest key and check for older matches), a
// search's last window page without a filter (two), and 24 listing pages (two sorts, first page
// or not, no filter or one of five: lib/products-query.js). The cap is a backstop for a call site
// whose texts would not be bounded, set above that so it never sends the fixed ones (the product
// page, votes, comments) through dbx.
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
  const stmt = !keep ? null : app.isTransactional() ? inTransaction(app, sql) : statement(app, sql)
  return stmt ? scan(stmt.query(...args), columns) : throughDbx(app, sql, args, columns)
}

/**
 * The rows a statement that writes answers (UPDATE ... RETURNING), as rows() reads them: in a
 * transaction, prepared when prepareForWrites was given `sql`; else through dbx (which sends it
 * to the write connection: never to a read connection's prepared statement).
 * @param {core.App} app
 * @param {string} sql
 * @param {unknown[]} args
 * @param {string[]} columns
 * @returns {{ [column: string]: string }[]}
 */
function returning(app, sql, args, columns) {
  const stmt = app.isTransactional() ? inTransaction(app, sql) : null
  return stmt ? scan(stmt.query(...args), columns) : throughDbx(app, sql, args, columns)
}

/**
 * database/sql's rows `res`, read (and closed) as objects of `columns` holding text.
 * @param {any} res
 * @param {string[]} columns
 */
function scan(res, columns) {
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
 * Prepares `texts` on PocketBase's one write connection (once each, for the life of the process),
 * for a transaction about to run them: rows(), one() and exec() in a transaction then run them
 * prepared on its connection (database/sql reuses a statement already prepared on the connection
 * a transaction holds), instead of having SQLite compile them, and the triggers they fire, each
 * time (a vote's recount compiled its UPDATE with the trigger that keeps the search keys' vote
 * count: ~0.5 ms of a vote's 2.7, every time). Called outside any transaction: preparing waits
 * for the write connection, which a transaction holds until it ends (so inside one it would wait
 * for itself); a text not prepared here runs through dbx. Like statement(), the texts are fixed
 * (their call sites'), so what is kept is bounded.
 * @param {core.App} app
 * @param {string[]} texts
 */
function prepareForWrites(app, texts) {
  if (app.isTransactional()) return
  const store = require(`${__hooks}/lib/app-store.js`).appStore(app)
  for (const sql of texts) {
    if (store.get(WRITE_PREFIX + sql)) continue
    /** @type {any} */
    let prepared
    try {
      prepared = /** @type {any} */ (app.nonconcurrentDB()).db().prepare(sql)
    } catch (err) {
      // (it then runs through dbx, which says what is wrong with it where it runs)
      require(`${__hooks}/lib/util.js`).logWarn("a write statement could not be prepared", err)
      continue
    }
    /** @type {any} */
    let stmt = null
    store.setFunc(WRITE_PREFIX + sql, (/** @type {any} */ old) => (stmt = old || prepared))
    if (stmt !== prepared) prepared.close()
  }
}

/**
 * The write connection's statement of `sql` (prepareForWrites) bound to the transaction of `tx`,
 * or null when it was not prepared. (The transaction's *sql.Tx is dbx's executor of its builder.)
 * @param {core.App} tx
 * @param {string} sql
 * @returns {any}
 */
function inTransaction(tx, sql) {
  const kept = require(`${__hooks}/lib/app-store.js`)
    .appStore(tx)
    .get(WRITE_PREFIX + sql)
  return kept ? /** @type {any} */ (tx.db()).builder.executor().stmt(kept) : null
}

/**
 * Runs the statement `sql` (values bound to ?1, ?2, ...) in the transaction `tx`, prepared when
 * prepareForWrites was given it, else through dbx; answers the rows it changed.
 * @param {core.App} tx
 * @param {string} sql
 * @param {unknown[]} args
 * @returns {number}
 */
function exec(tx, sql, args) {
  const stmt = tx.isTransactional() ? inTransaction(tx, sql) : null
  if (stmt) return stmt.exec(...args).rowsAffected()
  return dbxQuery(tx, sql, args).execute().rowsAffected()
}

/**
 * `sql` as a dbx query of `app` (or a transaction's), compiled for this call: its ?1, ?2, ...
 * written as dbx's {:a1}, {:a2}, ..., bound to `args`.
 * @param {core.App} app
 * @param {string} sql
 * @param {unknown[]} args
 */
function dbxQuery(app, sql, args) {
  /** @type {{ [name: string]: unknown }} */
  const bind = {}
  args.forEach((value, i) => (bind["a" + (i + 1)] = value))
  return app
    .db()
    .newQuery(sql.replace(/\?(\d+)/g, "{:a$1}"))
    .bind(bind)
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
  /** @type {{ [column: string]: string }} */
  const shape = {}
  for (const c of columns) shape[c] = ""
  const found = arrayOf(new DynamicModel(shape))
  dbxQuery(app, sql, args).all(found)
  return found.map((r) => {
    /** @type {{ [column: string]: string }} */
    const row = {}
    for (const c of columns) row[c] = String(r[c])
    return row
  })
}

module.exports = { rows, one, exec, returning, positional, prepareForWrites }
