// @ts-check
/// <reference path="../types/types.d.ts" />
// Votes, notifications of votes and comments, and marking notifications read. Every write that
// changes a counter or another user's data runs here, on the server, re-checking what API rules
// would check. (The review of reports is staff work: lib/moderation.js.)

const PREVIEW_CHARS = 120

function notFound() {
  return new NotFoundError("Produto não encontrado.")
}

/**
 * Client-generated ids (15 chars of a-z0-9) make a replayed vote or comment a no-op.
 * @param {unknown} id
 * @returns {id is string}
 */
function validClientId(id) {
  return typeof id === "string" && /^[a-z0-9]{15}$/.test(id)
}

/**
 * PUT (on = true) or DELETE (on = false) /api/vitrine/products/{id}/vote: sets the caller's vote
 * to a state, so a replay or a double-click has the effect of once. Answers the new state.
 * @param {core.RequestEvent} e
 * @param {boolean} on
 */
function setVote(e, on) {
  const productId = e.request.pathValue("id")
  const userId = e.auth.id
  const body = e.requestInfo().body || {}
  let count = 0
  e.app.runInTransaction((tx) => {
    let product
    try {
      product = tx.findRecordById("products", productId)
    } catch (_) {
      throw notFound()
    }
    if (product.getString("status") !== "approved") throw notFound()
    require(`${__hooks}/lib/limits.js`).take(tx, "vote", userId, e) // 60 toggles a minute
    const existing = tx.findRecordsByFilter("votes", "product = {:p} && user = {:u}", "", 1, 0, {
      p: productId,
      u: userId,
    })
    if (on && existing.length === 0) {
      const vote = new Record(tx.findCollectionByNameOrId("votes"))
      if (validClientId(body.id)) vote.set("id", body.id)
      vote.set("product", productId)
      vote.set("user", userId)
      tx.save(vote)
    } else if (!on && existing.length > 0) {
      tx.delete(existing[0])
    }
    require(`${__hooks}/lib/counters.js`).recountVotes(tx, productId)
    count = tx.findRecordById("products", productId).getInt("vote_count")
  })
  // counted: false while the voter's e-mail is not confirmed (the vote waits to count)
  return e.json(200, { voted: on, vote_count: count, counted: e.auth.verified() })
}

/**
 * An in-app notification and, in the same transaction, its push job (when the recipient has a
 * subscription and wants that kind). `actor` names who caused it when the row does not.
 * @param {core.App} app
 * @param {{ [field: string]: unknown }} fields
 * @param {string} [actor]
 */
function saveNotification(app, fields, actor) {
  app.runInTransaction((tx) => {
    const n = new Record(tx.findCollectionByNameOrId("notifications"))
    for (const k in fields) n.set(k, fields[k])
    tx.save(n)
    require(`${__hooks}/lib/push-jobs.js`).queueForNotification(tx, n, actor)
  })
}

/**
 * A new vote notifies the product owner once per voter, never for their own vote.
 * @param {core.App} app
 * @param {core.Record} vote
 */
function notifyVote(app, vote) {
  const product = app.findRecordById("products", vote.getString("product"))
  const owner = product.getString("created_by")
  const voter = vote.getString("user")
  if (owner === voter) return
  if (!app.findRecordById("users", voter).verified()) return // told when the e-mail is confirmed
  const seen = app.findRecordsByFilter(
    "notifications",
    "user = {:o} && actor = {:v} && product = {:p} && type = 'new_vote'",
    "",
    1,
    0,
    { o: owner, v: voter, p: product.id },
  )
  if (seen.length > 0) return
  try {
    saveNotification(app, {
      user: owner,
      actor: voter,
      type: "new_vote",
      product: product.id,
      payload: { product_slug: product.getString("slug"), product_title: product.getString("title") },
    })
  } catch (err) {
    // the unique index lost a race against the same voter's other request: already notified
  }
}

/**
 * A new comment notifies the product owner and, for a reply, the parent's author; never oneself.
 * @param {core.App} app
 * @param {core.Record} comment
 */
function notifyComment(app, comment) {
  const product = app.findRecordById("products", comment.getString("product"))
  const author = comment.getString("user")
  const content = comment.getString("content")
  const payload = {
    product_slug: product.getString("slug"),
    product_title: product.getString("title"),
    comment_id: comment.id,
    comment_preview: content.length > PREVIEW_CHARS ? content.slice(0, PREVIEW_CHARS - 1) + "…" : content,
  }
  const recipients = [product.getString("created_by")]
  const parentId = comment.getString("parent")
  if (parentId) {
    try {
      recipients.push(app.findRecordById("comments", parentId).getString("user"))
    } catch (_) {
      // parent gone: nobody else to tell
    }
  }
  /** @type {{ [user: string]: boolean }} */
  const done = {}
  for (const user of recipients) {
    if (!user || user === author || done[user]) continue
    done[user] = true
    saveNotification(app, {
      user: user,
      actor: author,
      type: "new_comment",
      product: product.id,
      comment: comment.id,
      payload: payload,
    })
  }
}

/**
 * POST /api/vitrine/notifications/read-all: marks every unread notification of the caller read.
 * @param {core.RequestEvent} e
 */
function markAllRead(e) {
  const res = e.app
    .db()
    .newQuery("UPDATE notifications SET is_read = TRUE, updated = {:now} WHERE user = {:u} AND is_read = FALSE")
    .bind({ u: e.auth.id, now: require(`${__hooks}/lib/util.js`).nowText() })
    .execute()
  return e.json(200, { updated: res.rowsAffected() })
}

module.exports = { setVote, notifyVote, notifyComment, saveNotification, markAllRead }
