// @ts-check
/// <reference path="../types/types.d.ts" />
// Usernames: derived on the server from the display name when a new account has none
// (sign-up by e-mail or Google). Accents stripped, lowercase, only a-z 0-9 - _, 3-20 chars,
// unique (a numeric suffix is added on collision; the unique index is the final guard).

/**
 * 'José Araújo' -> 'jose-araujo' (accents folded as the search folds them), at most `max` long.
 * @param {string} text
 * @param {number} max
 */
function slugBase(text, max) {
  const s = require(`${__hooks}/lib/products-search.js`)
    .fold(String(text || ""))
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
  return s.slice(0, max).replace(/[-_]+$/g, "")
}

/**
 * The account with this username, or null.
 * @param {core.App} app
 * @param {string} username
 * @returns {core.Record | null}
 */
function userByUsername(app, username) {
  try {
    return app.findFirstRecordByData("users", "username", username)
  } catch (_) {
    return null // not found
  }
}

/**
 * @param {core.App} app
 * @param {string} username
 * @param {string} [exceptId]
 */
function usernameTaken(app, username, exceptId) {
  const r = userByUsername(app, username)
  return r !== null && r.id !== exceptId
}

/**
 * A free username for the given display name (or e-mail local part).
 * @param {core.App} app
 * @param {string} displayName
 * @param {string} email
 * @param {string} [exceptId]
 */
function deriveUsername(app, displayName, email, exceptId) {
  let base = slugBase(displayName, 20)
  if (base.length < 3) base = slugBase(String(email || "").split("@")[0], 20)
  if (base.length < 3) base = (base + "maker").slice(0, 20)
  // never a name reserved for the staff (e.g. from an e-mail such as admin@...)
  const reserved = require(`${__hooks}/lib/util.js`).rules().limits.reservedNames
  if (base.split(/[^a-z]+/).some((w) => reserved.indexOf(w) !== -1)) base = "maker"
  if (!usernameTaken(app, base, exceptId)) return base
  for (let i = 2; i < 10000; i++) {
    const suffix = String(i)
    const candidate = base.slice(0, 20 - suffix.length - 1).replace(/[-_]+$/g, "") + "-" + suffix
    if (!usernameTaken(app, candidate, exceptId)) return candidate
  }
  return base.slice(0, 12) + "-" + $security.randomStringWithAlphabet(7, "abcdefghijklmnopqrstuvwxyz0123456789")
}

module.exports = { userByUsername, deriveUsername }
