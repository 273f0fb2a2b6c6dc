// @ts-check
/// <reference path="../types/types.d.ts" />
// Moderation: staff decide on products in review and on reports, and every staff action is written
// to the moderation log ('Atividade Recente') in the action's own transaction. Each decision and
// its log entry commit together (the caller's role is re-checked inside the transaction); the
// maker's notification, and on approval the followers' 'X lançou Y', are written after the commit
// and a failure there never undoes the decision.

const util = require(`${__hooks}/lib/util.js`)
const { messages: m, fail } = util

function access() {
  return require(`${__hooks}/lib/access.js`)
}

/**
 * @param {core.App} tx
 * @param {string} adminId
 * @param {string} action
 * @param {string} targetType
 * @param {string} targetId
 * @param {{ [key: string]: unknown }} [metadata]
 */
function writeLog(tx, adminId, action, targetType, targetId, metadata) {
  const log = new Record(tx.findCachedCollectionByNameOrId("moderation_log"))
  log.set("admin", adminId)
  log.set("action", action)
  log.set("target_type", targetType)
  log.set("target_id", targetId)
  log.set("metadata", metadata || {})
  tx.save(log)
}

/**
 * What 'Atividade Recente' shows of a user an entry is about: their name and public page.
 * @param {core.Record} user
 */
function who(user) {
  return { name: user.getString("display_name"), username: user.getString("username") }
}

/**
 * @param {core.App} app
 * @param {string} id
 */
function findProduct(app, id) {
  try {
    return app.findRecordById("products", id)
  } catch (_) {
    throw new NotFoundError("Produto não encontrado.")
  }
}

/**
 * The maker hears about the decision; logged and ignored when it fails (no push for one's own product).
 * @param {core.App} app
 * @param {core.Record} product
 * @param {string} type
 * @param {string} reason
 * @param {string} actor
 */
function notifyMaker(app, product, type, reason, actor) {
  try {
    /** @type {{ [key: string]: string }} */
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
    util.logWarn(type + " notification failed", err)
  }
}

/**
 * POST /api/vitrine/admin/products/{id}/approve and .../reject {reason} (staff). Only a pending
 * product can be decided; deciding twice is refused, not repeated.
 * @param {core.RequestEvent} e
 * @param {boolean} approve
 */
function decide(e, approve) {
  access().requireStaff(e)
  let reason = ""
  if (!approve) {
    reason = String((e.requestInfo().body || {}).reason || "").trim()
    const limit = util.rules().limits.rejectReason
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
  /** @type {core.Record} */
  let product
  e.app.runInTransaction((tx) => {
    access().requireStaff(e, tx)
    product = findProduct(tx, e.request.pathValue("id"))
    if (product.getString("status") !== "pending") throw new BadRequestError(m().notPending + ".")
    // nobody reviews their own submission
    if (product.getString("created_by") === e.auth.id) throw new ForbiddenError(m().reviewOwn + ".")
    product.set("status", approve ? "approved" : "rejected")
    product.set("rejection_reason", reason)
    if (approve) product.set("published_at", new Date().toISOString())
    tx.save(product)
    writeLog(
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
      util.logWarn("new_product notifications failed", err) // the approval stands
    }
  }
  return e.json(200, { id: product.id, slug: product.getString("slug"), status: product.getString("status") })
}

/**
 * POST /api/vitrine/flags/{id}/review {action: "resolve" | "dismiss"} (staff). Resolve rejects the
 * reported product or soft-deletes the reported comment; both record reviewer, time and a
 * moderation log entry, all in one transaction.
 * @param {core.RequestEvent} e
 */
function reviewFlag(e) {
  access().requireStaff(e)
  const action = String((e.requestInfo().body || {}).action || "")
  if (action !== "resolve" && action !== "dismiss") {
    throw new BadRequestError("Ação inválida.", {
      action: new ValidationError("validation_invalid_value", "Ação inválida"),
    })
  }
  /** @type {core.Record} */
  let flag
  e.app.runInTransaction((tx) => {
    try {
      flag = tx.findRecordById("flags", e.request.pathValue("id"))
    } catch (_) {
      throw new NotFoundError("Denúncia não encontrada.")
    }
    if (flag.getString("status") !== "open") throw new BadRequestError("Esta denúncia já foi revisada.")
    flag.set("status", action === "resolve" ? "resolved" : "dismissed")
    flag.set("reviewed_by", e.auth.id)
    flag.set("reviewed_at", new Date().toISOString())
    tx.save(flag)
    if (action === "resolve") {
      if (flag.getString("target_type") === "comment") {
        const comment = tx.findRecordById("comments", flag.getString("comment"))
        comment.set("is_deleted", true)
        tx.save(comment)
      } else {
        const product = tx.findRecordById("products", flag.getString("product"))
        product.set("status", "rejected")
        product.set("rejection_reason", flag.getString("reason"))
        tx.save(product)
      }
    }
    // the reported product, named and linked in 'Atividade Recente'
    let product = null
    try {
      product = tx.findRecordById("products", flag.getString("product"))
    } catch (_) {
      // deleted meanwhile: the entry stays without a name
    }
    writeLog(tx, e.auth.id, action === "resolve" ? "resolve_flag" : "dismiss_flag", "flag", flag.id, {
      target_type: flag.getString("target_type"),
      reason: flag.getString("reason"),
      title: product ? product.getString("title") : "",
      slug: product ? product.getString("slug") : "",
    })
  })
  return e.json(200, { id: flag.id, status: flag.getString("status") })
}

module.exports = { writeLog, who, decide, reviewFlag }
