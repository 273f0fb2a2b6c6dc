// @ts-check
/// <reference path="../types/types.d.ts" />
// Sign-up on the server: the account is created in one write transaction (so concurrent sign-ups
// derive different free usernames, lib/users.js), limited per network address, and then the
// verification e-mail goes out; PocketBase's avatar errors are answered in Portuguese (sign-up and
// profile updates).

const util = require(`${__hooks}/lib/util.js`)

/**
 * The 400 of a failed save, with PocketBase's avatar errors in Portuguese (others unchanged).
 * @param {unknown} err
 */
function portugueseFileErrors(err) {
  // PocketBase's error as goja throws it: the Go ApiError under .value
  const thrown = /** @type {{ value?: { data?: { [field: string]: { code?: unknown } } } }} */ (err)
  const apiErr = thrown && thrown.value
  const data = apiErr && apiErr.data
  const avatar = data && data.avatar
  if (!avatar) return err
  const m = util.messages()
  const code = String(avatar.code || "")
  // PocketBase's codes are kept (the app may map them); only the text changes
  if (code === "validation_invalid_mime_type") return fileError(code, m.avatarType)
  if (code === "validation_file_size_limit") return fileError(code, m.avatarSize)
  return err
}

/**
 * @param {string} code
 * @param {string} message
 */
function fileError(code, message) {
  return new BadRequestError(message, { avatar: new ValidationError(code, message) })
}

/**
 * Runs the rest of a users create/update request, answering avatar errors in Portuguese.
 * @param {core.RecordRequestEvent} e
 */
function nextWithPortugueseErrors(e) {
  try {
    e.next()
  } catch (err) {
    throw portugueseFileErrors(err)
  }
}

/**
 * Creates the account inside one write transaction. PocketBase keeps a single connection for
 * writes, so concurrent sign-ups queue here and each derives its username (onRecordCreate) after
 * the previous one committed: no two pick the same free name. Then, outside the transaction, the
 * verification e-mail goes to an e-mail/password sign-up that is not verified yet.
 * @param {core.RecordRequestEvent} e
 */
function createAccount(e) {
  const app = e.app
  util.inTransaction(e, (tx) => {
    // 5 sign-ups an hour per network address (the superuser's own creations are not limited)
    if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/limits.js`).take(tx, "signup", e.realIP(), e)
    nextWithPortugueseErrors(e) // the default handler saves with e.app: inside this transaction
  })
  sendVerification(app, e)
}

/**
 * @param {core.App} app
 * @param {core.RecordRequestEvent} e
 */
function sendVerification(app, e) {
  const record = e.record
  // OAuth2 sign-ups are verified by PocketBase right after this create (same transaction).
  if (e.requestInfo().context === "oauth2" || record.verified() || !record.email()) return
  try {
    $mails.sendRecordVerification(app, record)
    require(`${__hooks}/lib/limits.js`).record(app, "mail-address", record.email().toLowerCase())
  } catch (err) {
    // the account exists either way; the user can ask for the e-mail again
    util.logWarn(`verification e-mail to user ${record.id} failed`, err)
  }
}

module.exports = { nextWithPortugueseErrors, createAccount }
