// @ts-check
/// <reference path="../types/types.d.ts" />
// Who may do what: the signed-in user, staff roles (a user_roles row: admin or moderator), and who
// may see a product that is not approved. Custom routes and raw SQL skip API rules, so they ask
// here.

const { messages } = require(`${__hooks}/lib/util.js`)

/**
 * The signed-in app user's id, or "" (superusers and guests).
 * @param {core.RequestEvent} e
 * @returns {string}
 */
function userId(e) {
  return e.auth && e.auth.collection().name === "users" ? e.auth.id : ""
}

/**
 * The signed-in app user's id; a 401 with `message` for anyone else.
 * @param {core.RequestEvent} e
 * @param {string} message
 */
function requireUser(e, message) {
  const uid = userId(e)
  if (!uid) throw new UnauthorizedError(message + ".")
  return uid
}

/**
 * The user's roles ('admin', 'moderator').
 * @param {core.App} app
 * @param {string} uid
 * @returns {string[]}
 */
function roles(app, uid) {
  if (!uid) return []
  return app.findRecordsByFilter("user_roles", "user = {:u}", "", 10, 0, { u: uid }).map((r) => r.getString("role"))
}

/**
 * Admins and moderators.
 * @param {core.App} app
 * @param {string} uid
 */
function isStaff(app, uid) {
  if (!uid) return false
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery('SELECT COUNT(*) AS n FROM user_roles WHERE "user" = {:u}').bind({ u: uid }).one(row)
  return row.n > 0
}

/**
 * @param {core.App} app
 * @param {string} uid
 */
function isAdmin(app, uid) {
  return roles(app, uid).indexOf("admin") >= 0
}

/**
 * Throws 403 unless the caller is staff; `app` may be a transaction (re-check inside it).
 * @param {core.RequestEvent} e
 * @param {core.App} [app]
 */
function requireStaff(e, app) {
  if (!e.auth || !isStaff(app || e.app, e.auth.id)) throw new ForbiddenError(messages().staffOnly + ".")
}

/**
 * @param {core.RequestEvent} e
 * @param {core.App} [app]
 */
function requireAdmin(e, app) {
  if (!e.auth || !isAdmin(app || e.app, e.auth.id)) throw new ForbiddenError(messages().adminOnly + ".")
}

/**
 * Who may see a product that is not approved: its owner, staff, superusers.
 * @param {core.RequestEvent} e
 * @param {string} createdBy
 */
function isPrivileged(e, createdBy) {
  if (e.hasSuperuserAuth()) return true
  const uid = userId(e)
  return uid !== "" && (uid === createdBy || isStaff(e.app, uid))
}

module.exports = { userId, requireUser, roles, isStaff, isAdmin, requireStaff, requireAdmin, isPrivileged }
