// @ts-check
/// <reference path="../types/types.d.ts" />
// Small shared helpers of the hooks: the rules file, request values, field errors, times,
// transactions and the server log.

// every module that requires this one, and all loaded after it, look each module up once per VM
// (this module itself is often loaded before that, so it keeps its own two below)
require(`${__hooks}/lib/require-once.js`).install()

/** @type {typeof import("./rules.json") | undefined} */
let rulesFile
/** @type {typeof import("./push.json") | undefined} */
let pushFile

/** rules.json: the app's limits and Portuguese messages (the app reads the same file). */
function rules() {
  return rulesFile || (rulesFile = require(`${__hooks}/lib/rules.json`))
}

/** rules.json's Portuguese messages. */
function messages() {
  return rules().messages
}

/** push.json: the push settings and messages. */
function pushConf() {
  return pushFile || (pushFile = require(`${__hooks}/lib/push.json`))
}

/**
 * An integer as SQL text, for LIMIT and OFFSET, which take it as a literal rather than a bound
 * parameter: SQLite (modernc 1.55) compiles a statement whose LIMIT or OFFSET is a parameter
 * twice, its first step after the binding preparing it again with the value (a statement here is
 * never reused, so that is every query): the /home listing's page query took 0.43 ms with
 * `LIMIT 25` and 0.51-0.60 with `LIMIT {:lim}`. Throws on anything but a safe integer, so no
 * text ever reaches the SQL this way.
 * @param {number} n
 */
function sqlInt(n) {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer for SQL: ${n}`)
  return String(n)
}

/**
 * A request value as one string (a repeated multipart field keeps its first value).
 * @param {unknown} value
 * @returns {string}
 */
function text(value) {
  if (Array.isArray(value)) return value.length > 0 ? text(value[0]) : ""
  return value === undefined || value === null ? "" : String(value)
}

/**
 * A query value (they arrive as strings; anything else counts as absent), trimmed.
 * @param {{ [name: string]: unknown }} query
 * @param {string} name
 */
function param(query, name) {
  const v = query[name]
  return typeof v === "string" ? v.trim() : ""
}

/**
 * Throws a 400 whose data names the field, so the app can show the message as is.
 * @param {string} field
 * @param {string} message
 * @returns {never}
 */
function fail(field, message) {
  /** @type {{ [field: string]: ValidationError }} */
  const data = {}
  data[field] = new ValidationError("validation_failed", message)
  throw new BadRequestError(message, data)
}

/**
 * PocketBase's datetime text (what autodate fields store) of `date`, default now: comparable with stored values.
 * @param {Date} [date]
 */
function nowText(date) {
  return (date || new Date()).toISOString().replace("T", " ")
}

/** A record id as PocketBase makes them: 15 characters of a-z0-9. */
function newId() {
  return $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789")
}

/**
 * Runs a record request hook's rest (`work` calls e.next()) inside one write transaction, with
 * e.app pointing at it: the record, the counters and the limit rows it writes commit together or
 * not at all. Nested calls join the outer transaction.
 * @param {{ app: core.App }} e
 * @param {(tx: core.App) => void} work
 */
function inTransaction(e, work) {
  const app = e.app
  try {
    app.runInTransaction((tx) => {
      e.app = tx
      work(tx)
    })
  } finally {
    e.app = app
  }
}

/**
 * A failure the request survives (a notification not sent, a bootstrap skipped), in PocketBase's
 * log (the dashboard's Logs, with the error as an attribute) rather than on stdout.
 * @param {string} message
 * @param {unknown} [err]
 */
function logWarn(message, err) {
  $app.logger().warn(message, "error", err === undefined ? "" : String(err))
}

module.exports = { rules, messages, pushConf, sqlInt, text, param, fail, nowText, newId, inTransaction, logWarn }
