// @ts-check
/// <reference path="../types/types.d.ts" />
// Staff operations: statistics, the users list and roles. A role change and its log entry are
// written in one transaction (the caller's role is re-checked inside it, so two admins revoking
// each other at once cannot both succeed). Decisions on products and reports: lib/moderation.js.

const { messages: m, fail, rules } = require(`${__hooks}/lib/util.js`)

function access() {
  return require(`${__hooks}/lib/access.js`)
}
function moderation() {
  return require(`${__hooks}/lib/moderation.js`)
}

/**
 * GET /api/vitrine/admin/stats (staff): the seven counts in one query.
 * @param {core.RequestEvent} e
 */
function stats(e) {
  access().requireStaff(e)
  const row = new DynamicModel({
    approvedProducts: 0,
    pendingProducts: 0,
    rejectedProducts: 0,
    totalUsers: 0,
    totalVotes: 0,
    totalComments: 0,
    openFlags: 0,
  })
  e.app
    .db()
    .newQuery(
      `SELECT
        (SELECT COUNT(*) FROM products WHERE status = 'approved') AS approvedProducts,
        (SELECT COUNT(*) FROM products WHERE status = 'pending') AS pendingProducts,
        (SELECT COUNT(*) FROM products WHERE status = 'rejected') AS rejectedProducts,
        (SELECT COUNT(*) FROM users) AS totalUsers,
        (SELECT COUNT(*) FROM votes v JOIN users u ON u.id = v.user WHERE u.verified = TRUE) AS totalVotes,
        (SELECT COUNT(*) FROM comments WHERE is_deleted = FALSE) AS totalComments,
        (SELECT COUNT(*) FROM flags f JOIN users u ON u.id = f.reporter
          WHERE f.status = 'open' AND u.verified = TRUE) AS openFlags`,
    )
    .one(row)
  return e.json(200, row)
}

/**
 * GET /api/vitrine/admin/users?q=&page= (admins): newest first, case-insensitive search in name,
 * username and e-mail, each with their roles. The e-mail is shown to admins only.
 * @param {core.RequestEvent} e
 */
function listUsers(e) {
  access().requireAdmin(e)
  const query = e.request.url.query()
  const q = String(query.get("q") || "")
    .trim()
    .toLowerCase()
    .slice(0, 100)
  const page = Math.max(1, parseInt(query.get("page") || "1", 10) || 1)
  const perPage = rules().limits.adminUsersPage
  const filter = q ? "display_name ~ {:q} || username ~ {:q} || email ~ {:q}" : ""
  const found = e.app.findRecordsByFilter("users", filter, "-created,-id", perPage + 1, (page - 1) * perPage, { q: q })
  const users = found.slice(0, perPage)
  /** @type {{ [user: string]: string[] }} */
  const rolesOf = {}
  if (users.length) {
    const ids = users.map((u) => u.id)
    for (const r of e.app.findAllRecords("user_roles", $dbx.in("user", ...ids))) {
      const u = r.getString("user")
      rolesOf[u] = (rolesOf[u] || []).concat([r.getString("role")])
    }
  }
  return e.json(200, {
    items: users.map((u) => ({
      id: u.id,
      collectionId: u.collection().id,
      display_name: u.getString("display_name"),
      username: u.getString("username"),
      email: u.email(),
      avatar: u.getString("avatar"),
      created: u.getString("created"),
      roles: (rolesOf[u.id] || []).sort(),
    })),
    page: page,
    hasMore: found.length > perPage,
  })
}

/**
 * @param {core.RequestEvent} e
 * @param {unknown} value
 */
function roleFromRequest(e, value) {
  const role = String(value || "")
  if (role !== "admin" && role !== "moderator") fail("role", m().roleInvalid)
  return role
}

/**
 * @param {core.RequestEvent} e
 * @param {core.App} app
 */
function targetUser(e, app) {
  const id = e.request.pathValue("id")
  if (e.auth.id === id) throw new ForbiddenError(m().roleOwn + ".")
  try {
    return app.findRecordById("users", id)
  } catch (_) {
    throw new NotFoundError("Usuário não encontrado.")
  }
}

/**
 * POST /api/vitrine/admin/users/{id}/roles {role} (admins; never on oneself).
 * @param {core.RequestEvent} e
 */
function assignRole(e) {
  access().requireAdmin(e)
  const role = roleFromRequest(e, (e.requestInfo().body || {}).role)
  e.app.runInTransaction((tx) => {
    access().requireAdmin(e, tx)
    const user = targetUser(e, tx)
    if (access().roles(tx, user.id).indexOf(role) >= 0) fail("role", m().roleHeld)
    const row = new Record(tx.findCachedCollectionByNameOrId("user_roles"))
    row.set("user", user.id)
    row.set("role", role)
    tx.save(row)
    moderation().writeLog(tx, e.auth.id, "assign_role", "user", user.id, { role: role, ...moderation().who(user) })
  })
  return e.json(200, { roles: access().roles(e.app, e.request.pathValue("id")).sort() })
}

/**
 * DELETE /api/vitrine/admin/users/{id}/roles/{role} (admins; never on oneself, never the last admin).
 * @param {core.RequestEvent} e
 */
function revokeRole(e) {
  access().requireAdmin(e)
  const role = roleFromRequest(e, e.request.pathValue("role"))
  e.app.runInTransaction((tx) => {
    access().requireAdmin(e, tx)
    const user = targetUser(e, tx)
    const rows = tx.findRecordsByFilter("user_roles", "user = {:u} && role = {:r}", "", 1, 0, { u: user.id, r: role })
    if (!rows.length) throw new NotFoundError(m().roleNotHeld + ".")
    if (role === "admin" && tx.countRecords("user_roles", $dbx.hashExp({ role: "admin" })) <= 1) {
      throw new BadRequestError(m().lastAdmin + ".")
    }
    tx.delete(rows[0])
    moderation().writeLog(tx, e.auth.id, "revoke_role", "user", user.id, { role: role, ...moderation().who(user) })
  })
  return e.json(200, { roles: access().roles(e.app, e.request.pathValue("id")).sort() })
}

module.exports = { stats, listUsers, assignRole, revokeRole }
