// Staff operations: statistics, product moderation, roles. Each decision and its log entry are
// written in one transaction (the caller's role is re-checked inside it, so two admins revoking
// each other at once cannot both succeed); the maker's notification, and on approval the
// followers' 'X lançou Y', are written after the commit and a failure there never undoes the
// decision.

function m() {
  return require(`${__hooks}/lib/rules.json`).messages
}
function staff() {
  return require(`${__hooks}/lib/staff.js`)
}
const { fail } = require(`${__hooks}/lib/validate.js`)

/** GET /api/vitrine/admin/stats (staff): the seven counts in one query. */
function stats(e) {
  staff().requireStaff(e)
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

function findProduct(app, id) {
  try {
    return app.findRecordById("products", id)
  } catch (_) {
    throw new NotFoundError("Produto não encontrado.")
  }
}

/** The maker hears about the decision; logged and ignored when it fails (no push for one's own product). */
function notifyMaker(app, product, type, reason, actor) {
  try {
    const payload = {
      product_id: product.id,
      product_slug: product.getString("slug"),
      product_title: product.getString("title"),
    }
    if (reason) payload.reason = reason
    require(`${__hooks}/lib/engagement.js`).saveNotification(
      app,
      {
        user: product.getString("created_by"),
        type: type,
        product: product.id,
        payload: payload,
      },
      actor,
    )
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn(type + " notification failed", err)
  }
}

/**
 * POST /api/vitrine/admin/products/{id}/approve and .../reject {reason} (staff). Only a pending
 * product can be decided; deciding twice is refused, not repeated.
 */
function decide(e, approve) {
  staff().requireStaff(e)
  let reason = ""
  if (!approve) {
    reason = String((e.requestInfo().body || {}).reason || "").trim()
    const limit = require(`${__hooks}/lib/rules.json`).limits.rejectReason
    const problem = require(`${__hooks}/lib/text.js`).textProblem(
      reason,
      limit.min,
      limit.max,
      m().rejectReasonRequired,
      m().rejectReasonMax,
      m(),
    )
    if (problem) fail("reason", problem === m().textInvisible ? m().rejectReasonRequired : problem)
  }
  let product
  e.app.runInTransaction((tx) => {
    staff().requireStaff(e, tx)
    product = findProduct(tx, e.request.pathValue("id"))
    if (product.getString("status") !== "pending") throw new BadRequestError(m().notPending + ".")
    // nobody reviews their own submission
    if (product.getString("created_by") === e.auth.id) throw new ForbiddenError(m().reviewOwn + ".")
    product.set("status", approve ? "approved" : "rejected")
    product.set("rejection_reason", reason)
    if (approve) product.set("published_at", new Date().toISOString())
    tx.save(product)
    staff().writeLog(
      tx,
      e.auth.id,
      approve ? "approve_product" : "reject_product",
      "product",
      product.id,
      approve
        ? { title: product.getString("title"), slug: product.getString("slug") }
        : { title: product.getString("title"), slug: product.getString("slug"), reason: reason },
    )
  })
  notifyMaker(e.app, product, approve ? "product_approved" : "product_rejected", reason, e.auth.id)
  if (approve) {
    try {
      require(`${__hooks}/lib/follows.js`).notifyFollowers(e.app, product, e.auth.id)
    } catch (err) {
      require(`${__hooks}/lib/util.js`).logWarn("new_product notifications failed", err) // the approval stands
    }
  }
  return e.json(200, { id: product.id, slug: product.getString("slug"), status: product.getString("status") })
}

/**
 * GET /api/vitrine/admin/users?q=&page= (admins): newest first, case-insensitive search in name,
 * username and e-mail, each with their roles. The e-mail is shown to admins only.
 */
function listUsers(e) {
  staff().requireAdmin(e)
  const query = e.request.url.query()
  const q = String(query.get("q") || "")
    .trim()
    .toLowerCase()
    .slice(0, 100)
  const page = Math.max(1, parseInt(query.get("page") || "1", 10) || 1)
  const perPage = require(`${__hooks}/lib/rules.json`).limits.adminUsersPage
  const filter = q ? "display_name ~ {:q} || username ~ {:q} || email ~ {:q}" : ""
  const found = e.app.findRecordsByFilter("users", filter, "-created,-id", perPage + 1, (page - 1) * perPage, { q: q })
  const users = found.slice(0, perPage)
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

function roleFromRequest(e, value) {
  const role = String(value || "")
  if (role !== "admin" && role !== "moderator") fail("role", m().roleInvalid)
  return role
}

function targetUser(e, app) {
  const id = e.request.pathValue("id")
  if (e.auth.id === id) throw new ForbiddenError(m().roleOwn + ".")
  try {
    return app.findRecordById("users", id)
  } catch (_) {
    throw new NotFoundError("Usuário não encontrado.")
  }
}

/** POST /api/vitrine/admin/users/{id}/roles {role} (admins; never on oneself). */
function assignRole(e) {
  staff().requireAdmin(e)
  const role = roleFromRequest(e, (e.requestInfo().body || {}).role)
  e.app.runInTransaction((tx) => {
    staff().requireAdmin(e, tx)
    const user = targetUser(e, tx)
    if (staff().roles(tx, user.id).indexOf(role) >= 0) fail("role", m().roleHeld)
    const row = new Record(tx.findCollectionByNameOrId("user_roles"))
    row.set("user", user.id)
    row.set("role", role)
    tx.save(row)
    staff().writeLog(tx, e.auth.id, "assign_role", "user", user.id, { role: role, ...staff().who(user) })
  })
  return e.json(200, { roles: staff().roles(e.app, e.request.pathValue("id")).sort() })
}

/** DELETE /api/vitrine/admin/users/{id}/roles/{role} (admins; never on oneself, never the last admin). */
function revokeRole(e) {
  staff().requireAdmin(e)
  const role = roleFromRequest(e, e.request.pathValue("role"))
  e.app.runInTransaction((tx) => {
    staff().requireAdmin(e, tx)
    const user = targetUser(e, tx)
    const rows = tx.findRecordsByFilter("user_roles", "user = {:u} && role = {:r}", "", 1, 0, { u: user.id, r: role })
    if (!rows.length) throw new NotFoundError(m().roleNotHeld + ".")
    if (role === "admin" && tx.countRecords("user_roles", $dbx.hashExp({ role: "admin" })) <= 1) {
      throw new BadRequestError(m().lastAdmin + ".")
    }
    tx.delete(rows[0])
    staff().writeLog(tx, e.auth.id, "revoke_role", "user", user.id, { role: role, ...staff().who(user) })
  })
  return e.json(200, { roles: staff().roles(e.app, e.request.pathValue("id")).sort() })
}

module.exports = { stats, decide, listUsers, assignRole, revokeRole }
