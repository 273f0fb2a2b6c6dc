// @ts-check
/// <reference path="../types/types.d.ts" />
// Accounts' passwords on the server: password rules with the app's Portuguese messages, passwords
// longer than bcrypt allows, failed sign-ins limited, password reset, and the limit on reset and
// verification e-mails. Sign-up: lib/signup.js; public maker profiles: lib/makers.js.

const { rules, text, fail } = require(`${__hooks}/lib/util.js`)

/**
 * Length in characters (code points), as PocketBase's password field counts it.
 * @param {string} s
 */
function charCount(s) {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++ // surrogate pair = one character
    n++
  }
  return n
}

/**
 * Length in UTF-8 bytes, as bcrypt counts it.
 * @param {string} s
 */
function utf8Length(s) {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

// bcrypt reads at most 72 bytes and PocketBase caps the password field at 71 characters, but the
// app allows 128 characters. A password over 71 bytes is stored (and checked) as its SHA-256 hex
// digest instead: 64 characters that still depend on every character typed. Shorter passwords are
// untouched, so accounts made before this rule keep working.
const BCRYPT_SAFE_BYTES = 71

/**
 * @param {unknown} plain
 */
function storedPassword(plain) {
  const s = text(plain)
  return utf8Length(s) > BCRYPT_SAFE_BYTES ? $security.sha256(s) : s
}

/**
 * @param {{ [key: string]: unknown }} body
 * @param {string} key
 */
function isSet(body, key) {
  return body[key] !== undefined && body[key] !== null
}

/**
 * @param {string} field
 * @param {string} value
 * @param {string} minMessage
 */
function checkPassword(field, value, minMessage) {
  const r = rules()
  const n = charCount(value)
  if (n < r.limits.password.min) fail(field, minMessage)
  if (n > r.limits.password.max) fail(field, r.messages.passwordMax)
}

/**
 * @param {core.App} app
 * @param {string} nameOrId
 */
function isUsersCollection(app, nameOrId) {
  try {
    return app.findCachedCollectionByNameOrId(nameOrId).name === "users"
  } catch (_) {
    return false
  }
}

/** @type {{ [pattern: string]: "create" | "update" | "reset" }} */
const PASSWORD_ROUTES = {
  "POST /api/collections/{collection}/records": "create",
  "PATCH /api/collections/{collection}/records/{id}": "update",
  "POST /api/collections/{collection}/confirm-password-reset": "reset",
}

/**
 * Global middleware (it must run before PocketBase binds the body to its own forms, whose English
 * errors would come first): Portuguese password errors on sign-up, password change and reset, and
 * long passwords swapped for their stored form in the request data that record create/update read.
 * @param {core.RequestEvent} e
 */
function checkPasswords(e) {
  const action = PASSWORD_ROUTES[e.request.pattern]
  if (!action || !isUsersCollection(e.app, e.request.pathValue("collection"))) return
  const m = rules().messages
  const body = e.requestInfo().body
  const password = text(body.password)

  if (action === "reset") {
    checkPassword("password", password, m.resetPasswordMin)
    if (text(body.passwordConfirm) !== password) fail("passwordConfirm", m.passwordsDiffer)
    return // the form reads the raw body; see confirmPasswordReset for long passwords
  }

  if (action === "create" || password !== "") {
    checkPassword("password", password, m.passwordMin)
    if (isSet(body, "passwordConfirm") && String(body.passwordConfirm) !== password) {
      fail("passwordConfirm", m.passwordsDiffer)
    }
  }
  // Record create/update read these values from this (cached) request data.
  for (const key of ["password", "passwordConfirm", "oldPassword"]) {
    if (isSet(body, key) && body[key] !== "") body[key] = storedPassword(body[key])
  }
}

/**
 * Sign-in: a long password is compared in its stored form. Failed logins are limited per account
 * and address pair (5 in 15 min), per account (20 an hour, from anywhere) and per address (100 an
 * hour), so one attacker behind a shared address cannot lock the others out; a limit reached
 * answers 429 saying when to try again, even for the right password.
 * @param {core.RecordAuthWithPasswordRequestEvent} e
 */
function authWithPassword(e) {
  const limits = require(`${__hooks}/lib/limits.js`)
  const ip = e.realIP()
  const account = text(e.identity).trim().toLowerCase()
  limits.check(e.app, "login-pair", `${ip}|${account}`, e)
  limits.check(e.app, "login-account", account, e)
  limits.check(e.app, "login-ip", ip, e)
  e.password = storedPassword(e.password)
  try {
    e.next()
  } catch (err) {
    if (limits.enabled()) {
      e.app.runInTransaction((tx) => {
        limits.record(tx, "login-pair", `${ip}|${account}`)
        limits.record(tx, "login-account", account)
        limits.record(tx, "login-ip", ip)
      })
    }
    throw err
  }
}

/**
 * Password-reset and verification e-mails: 3 an hour per address and 10 an hour per network
 * address, so nobody can flood a mailbox (or our mail server) through the app.
 * @param {core.RecordRequestPasswordResetRequestEvent | core.RecordRequestVerificationRequestEvent} e
 */
function limitMail(e) {
  const limits = require(`${__hooks}/lib/limits.js`)
  const address = e.record ? e.record.email().toLowerCase() : ""
  e.app.runInTransaction((tx) => {
    limits.take(tx, "mail-address", address, e)
    limits.take(tx, "mail-ip", e.realIP(), e)
  })
  e.next()
}

/**
 * Password reset. PocketBase's default handler sets the raw password, which bcrypt refuses over
 * 72 bytes; for those this does the same steps with the stored form. Lengths and confirmation
 * were checked by checkPasswords, the token by PocketBase before this hook.
 * @param {core.RecordConfirmPasswordResetRequestEvent} e
 */
function confirmPasswordReset(e) {
  const body = e.requestInfo().body
  const password = text(body.password)
  if (storedPassword(password) === password) return e.next()
  const record = e.record
  record.setPassword(storedPassword(password))
  if (!record.verified()) {
    // the reset link proves the address, as in PocketBase's handler (unless the e-mail changed)
    try {
      const claims = $security.parseUnverifiedJWT(text(body.token))
      if (claims.email === record.email()) record.setVerified(true)
    } catch (_) {
      /* unparsable token: leave unverified */
    }
  }
  e.app.save(record) // a new password also rotates tokenKey: older sessions end
  return e.noContent(204)
}

module.exports = {
  storedPassword,
  checkPasswords,
  authWithPassword,
  limitMail,
  confirmPasswordReset,
}
