// @ts-check
/// <reference path="../types/types.d.ts" />
// Server-side checks with the same limits and Portuguese messages as the app (rules.json).
// Each check throws a 400 whose data names the field, so the app can show the message as is.

const { rules, fail } = require(`${__hooks}/lib/util.js`)

/**
 * Trims a text value on the record and checks it with the app's text rules (lib/text.js): length
 * in user-perceived characters, no control characters, not only invisible characters.
 * @param {core.Record} record
 * @param {string} field
 * @param {number} min
 * @param {number} max
 * @param {string} minMessage
 * @param {string} maxMessage
 */
function textLength(record, field, min, max, minMessage, maxMessage) {
  const value = String(record.getString(field) || "").trim()
  record.set(field, value)
  const problem = require(`${__hooks}/lib/text.js`).textProblem(
    value,
    min,
    max,
    minMessage,
    maxMessage,
    rules().messages,
  )
  if (problem) fail(field, problem)
  return value
}

/**
 * textLength with the limits and messages rules.json gives `rule`: limits[rule].min and .max,
 * messages[rule + "Min"] and [rule + "Max"].
 * @param {core.Record} record
 * @param {string} field
 * @param {"comment" | "flagReason" | "displayName"} rule
 */
function ruleText(record, field, rule) {
  const { limits, messages } = rules()
  const min = /** @type {`${typeof rule}Min`} */ (`${rule}Min`)
  const max = /** @type {`${typeof rule}Max`} */ (`${rule}Max`)
  return textLength(record, field, limits[rule].min, limits[rule].max, messages[min], messages[max])
}

/**
 * @param {core.Record} record
 */
function profile(record) {
  const r = rules()
  const l = r.limits
  const m = r.messages
  ruleText(record, "display_name", "displayName")
  const username = String(record.getString("username") || "")
    .trim()
    .toLowerCase()
  record.set("username", username)
  if (username) {
    if (username.length < l.username.min) fail("username", m.usernameMin)
    if (username.length > l.username.max) fail("username", m.usernameMax)
    if (!new RegExp(l.username.pattern).test(username)) fail("username", m.usernamePattern)
  }
  textLength(record, "bio", 0, l.bio.max, "", m.bioMax)
}

/**
 * Names that would pass for the staff ('admin', 'moderacao', 'suporte', 'vitrine', '... (Equipe
 * Vitrine)') are refused in usernames and display names, checked word by word without accents
 * and digits. `changedOnly`: on updates only a changed field is checked (older names stay).
 * @param {core.Record} record
 * @param {boolean} [changedOnly]
 */
function notReserved(record, changedOnly) {
  const r = rules()
  const reserved = r.limits.reservedNames
  const fold = require(`${__hooks}/lib/products-search.js`).fold
  const words = (/** @type {string} */ s) =>
    fold(String(s || ""))
      .replace(/[^a-z]+/g, " ")
      .trim()
      .split(" ")
  for (const field of ["username", "display_name"]) {
    const value = record.getString(field)
    if (changedOnly && value === record.original().getString(field)) continue
    if (words(value).some((w) => reserved.indexOf(w) !== -1)) fail(field, r.messages.nameReserved)
  }
}

/**
 * @param {core.Record} record
 */
function comment(record) {
  ruleText(record, "content", "comment")
}

/**
 * The product and the replied-to comment still take this comment. Checked before the createRule
 * (which refuses the same with a bare 'Failed to create record'), so a comment queued offline
 * and refused later says why.
 * @param {core.App} app
 * @param {core.Record} record
 */
function commentTarget(app, record) {
  const m = rules().messages
  const { one } = require(`${__hooks}/lib/statements.js`) // only the columns checked, not whole records
  const productId = record.getString("product")
  const product = one(app, "SELECT status FROM products WHERE id = ?1", [productId], ["status"])
  if (!product) return fail("product", m.commentProductGone)
  if (product.status !== "approved") fail("product", m.commentProductClosed)
  const parentId = record.getString("parent")
  if (!parentId) return
  const parent = one(
    app,
    "SELECT product, CASE WHEN is_deleted THEN 1 ELSE 0 END AS gone FROM comments WHERE id = ?1",
    [parentId],
    ["product", "gone"],
  )
  if (!parent || parent.gone === "1" || parent.product !== productId) fail("parent", m.commentParentGone)
}

/**
 * @param {core.Record} record
 */
function flagReason(record) {
  ruleText(record, "reason", "flagReason")
}

/**
 * One open report per reporter and target: a second one gets a clear message, not a bare 400.
 * @param {core.App} app
 * @param {core.Record} record
 */
function flagOnce(app, record) {
  const open = app.countRecords(
    "flags",
    $dbx.hashExp({
      reporter: record.getString("reporter"),
      target_type: record.getString("target_type"),
      product: record.getString("product"),
      comment: record.getString("comment"),
      status: "open",
    }),
  )
  if (open > 0) fail("reason", rules().messages.flagDuplicate)
}

module.exports = { textLength, profile, notReserved, comment, commentTarget, flagReason, flagOnce }
