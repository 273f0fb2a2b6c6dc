// Accounts on the server: password rules with the app's Portuguese messages, passwords longer
// than bcrypt allows, race-free usernames at sign-up, the verification e-mail, Portuguese avatar
// errors, and the public maker profile and username-availability routes.

function rules() {
  return require(`${__hooks}/lib/rules.json`)
}

function fail(field, message) {
  require(`${__hooks}/lib/validate.js`).fail(field, message)
}

// ---------- passwords ----------

/** Length in characters (code points), as PocketBase's password field counts it. */
function charCount(s) {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++ // surrogate pair = one character
    n++
  }
  return n
}

/** Length in UTF-8 bytes, as bcrypt counts it. */
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

function storedPassword(plain) {
  const s = text(plain)
  return utf8Length(s) > BCRYPT_SAFE_BYTES ? $security.sha256(s) : s
}

function text(value) {
  return value === undefined || value === null ? "" : String(value)
}

function isSet(body, key) {
  return body[key] !== undefined && body[key] !== null
}

function checkPassword(field, value, minMessage) {
  const r = rules()
  const n = charCount(value)
  if (n < r.limits.password.min) fail(field, minMessage)
  if (n > r.limits.password.max) fail(field, r.messages.passwordMax)
}

function isUsersCollection(app, nameOrId) {
  try {
    return app.findCachedCollectionByNameOrId(nameOrId).name === "users"
  } catch (_) {
    return false
  }
}

const PASSWORD_ROUTES = {
  "POST /api/collections/{collection}/records": "create",
  "PATCH /api/collections/{collection}/records/{id}": "update",
  "POST /api/collections/{collection}/confirm-password-reset": "reset",
}

/**
 * Global middleware (it must run before PocketBase binds the body to its own forms, whose English
 * errors would come first): Portuguese password errors on sign-up, password change and reset, and
 * long passwords swapped for their stored form in the request data that record create/update read.
 */
function passwordMiddleware(e) {
  const action = PASSWORD_ROUTES[e.request.pattern]
  if (!action || !isUsersCollection(e.app, e.request.pathValue("collection"))) return e.next()
  const m = rules().messages
  const body = e.requestInfo().body
  const password = text(body.password)

  if (action === "reset") {
    checkPassword("password", password, m.resetPasswordMin)
    if (text(body.passwordConfirm) !== password) fail("passwordConfirm", m.passwordsDiffer)
    return e.next() // the form reads the raw body; see confirmPasswordReset for long passwords
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
  return e.next()
}

/**
 * Sign-in: a long password is compared in its stored form. Failed logins are limited per account
 * and address pair (5 in 15 min), per account (20 an hour, from anywhere) and per address (100 an
 * hour), so one attacker behind a shared address cannot lock the others out; a limit reached
 * answers 429 saying when to try again, even for the right password.
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
 * were checked by passwordMiddleware, the token by PocketBase before this hook.
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

// ---------- sign-up ----------

/** The 400 of a failed save, with PocketBase's avatar errors in Portuguese (others unchanged). */
function portugueseFileErrors(err) {
  const apiErr = err && err.value
  const data = apiErr && apiErr.data
  const avatar = data && data.avatar
  if (!avatar) return err
  const m = rules().messages
  const code = String(avatar.code || "")
  // PocketBase's codes are kept (the app may map them); only the text changes
  if (code === "validation_invalid_mime_type") return fileError(code, m.avatarType)
  if (code === "validation_file_size_limit") return fileError(code, m.avatarSize)
  return err
}

function fileError(code, message) {
  return new BadRequestError(message, { avatar: new ValidationError(code, message) })
}

/** Runs the rest of a users create/update request, answering avatar errors in Portuguese. */
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
 */
function createAccount(e) {
  const app = e.app
  require(`${__hooks}/lib/util.js`).inTransaction(e, (tx) => {
    // 5 sign-ups an hour per network address (the superuser's own creations are not limited)
    if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/limits.js`).take(tx, "signup", e.realIP(), e)
    nextWithPortugueseErrors(e) // the default handler saves with e.app: inside this transaction
  })
  sendVerification(app, e)
}

function sendVerification(app, e) {
  const record = e.record
  // OAuth2 sign-ups are verified by PocketBase right after this create (same transaction).
  if (e.requestInfo().context === "oauth2" || record.verified() || !record.email()) return
  try {
    $mails.sendRecordVerification(app, record)
    require(`${__hooks}/lib/limits.js`).record(app, "mail-address", record.email().toLowerCase())
  } catch (err) {
    // the account exists either way; the user can ask for the e-mail again
    require(`${__hooks}/lib/util.js`).logWarn(`verification e-mail to user ${record.id} failed`, err)
  }
}

// ---------- public routes ----------

function userByUsername(app, username) {
  try {
    return app.findFirstRecordByData("users", "username", username)
  } catch (_) {
    return null // not found
  }
}

/** GET /api/vitrine/makers/{username}: a maker's public profile and stats, never the e-mail. */
function makerProfile(e) {
  const username = String(e.request.pathValue("username") || "")
    .trim()
    .toLowerCase() // usernames are stored lowercase (field pattern), so this is case-insensitive
  const user = userByUsername(e.app, username)
  // custom routes skip API rules: apply the users viewRule by hand
  if (!user || !e.app.canAccessRecord(user, e.requestInfo(), user.collection().viewRule)) {
    throw new NotFoundError("Perfil não encontrado.")
  }

  // Same numbers the maker page shows: approved products only, their votes, and the comments
  // on them that are not deleted.
  const totals = new DynamicModel({ products: 0, votes: 0 })
  e.app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS products, COALESCE(SUM(vote_count), 0) AS votes FROM products " +
        "WHERE created_by = {:id} AND status = 'approved'",
    )
    .bind({ id: user.id })
    .one(totals)
  const comments = new DynamicModel({ comments: 0 })
  e.app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS comments FROM comments c JOIN products p ON p.id = c.product " +
        "WHERE p.created_by = {:id} AND p.status = 'approved' AND c.is_deleted = FALSE",
    )
    .bind({ id: user.id })
    .one(comments)

  const created = user.getString("created")
  return e.json(200, {
    id: user.id,
    collectionId: user.collection().id,
    collectionName: user.collection().name,
    username: user.getString("username"),
    display_name: user.getString("display_name"),
    bio: user.getString("bio"),
    avatar: user.getString("avatar"),
    created: created,
    stats: {
      products: totals.products,
      votes: totals.votes,
      comments: comments.comments,
      memberSince: created,
      // public count only: who follows whom is private (lib/follows.js)
      followers: require(`${__hooks}/lib/follows.js`).followerCount(e.app, user.id),
    },
  })
}

/**
 * GET /api/vitrine/usernames/{username}/available: whether a username could be saved now by the
 * caller. Checked like the profile form (lowercased, 3-20, a-z 0-9 - _); the caller's own current
 * username counts as available.
 */
function usernameAvailable(e) {
  const l = rules().limits.username
  const username = String(e.request.pathValue("username") || "")
    .trim()
    .toLowerCase()
  if (username.length < l.min || username.length > l.max || !new RegExp(l.pattern).test(username)) {
    return e.json(200, { available: false })
  }
  const owner = userByUsername(e.app, username)
  const mine = !!(owner && e.auth && e.auth.collection().name === "users" && e.auth.id === owner.id)
  return e.json(200, { available: !owner || mine })
}

module.exports = {
  storedPassword,
  passwordMiddleware,
  authWithPassword,
  limitMail,
  confirmPasswordReset,
  nextWithPortugueseErrors,
  createAccount,
  makerProfile,
  usernameAvailable,
}
