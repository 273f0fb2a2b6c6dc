// Who is staff, and the moderation log every staff action writes (in the action's transaction).

function roles(app, userId) {
  if (!userId) return []
  return app.findRecordsByFilter("user_roles", "user = {:u}", "", 10, 0, { u: userId }).map((r) => r.getString("role"))
}

/** Admins and moderators. */
function isStaff(app, userId) {
  return roles(app, userId).length > 0
}

function isAdmin(app, userId) {
  return roles(app, userId).indexOf("admin") >= 0
}

function messages() {
  return require(`${__hooks}/lib/rules.json`).messages
}

/** Throws 403 unless the caller is staff; `app` may be a transaction (re-check inside it). */
function requireStaff(e, app) {
  if (!e.auth || !isStaff(app || e.app, e.auth.id)) throw new ForbiddenError(messages().staffOnly + ".")
}

function requireAdmin(e, app) {
  if (!e.auth || !isAdmin(app || e.app, e.auth.id)) throw new ForbiddenError(messages().adminOnly + ".")
}

function writeLog(tx, adminId, action, targetType, targetId, metadata) {
  const log = new Record(tx.findCollectionByNameOrId("moderation_log"))
  log.set("admin", adminId)
  log.set("action", action)
  log.set("target_type", targetType)
  log.set("target_id", targetId)
  log.set("metadata", metadata || {})
  tx.save(log)
}

/** What 'Atividade Recente' shows of a user an entry is about: their name and public page. */
function who(user) {
  return { name: user.getString("display_name"), username: user.getString("username") }
}

module.exports = { roles, isStaff, isAdmin, requireStaff, requireAdmin, writeLog, who }
