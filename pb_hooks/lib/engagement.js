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
 *
 * PocketBase writes through one connection, and every other write waits while one holds it; on a
 * busy node (two cores shared by every request) a write holding it gets a small share of the CPU,
 * so the time it holds it grows with the traffic. A vote therefore reads what it needs first and
 * then writes once: the vote row (SQL), its recount, and the owner's notification with its push
 * job, in one short transaction, instead of three transactions and two record saves.
 * @param {core.RequestEvent} e
 * @param {boolean} on
 */
function setVote(e, on) {
  const productId = String(e.request.pathValue("id") || "")
  const userId = e.auth.id
  const body = e.requestInfo().body || {}
  const product = productForVote(e.app, productId, userId)
  if (!product) throw notFound()
  // already in that state (a replay, a double-click, an unvote of nothing): answered from the
  // same read, with no write transaction (as if it came just before a write that changes it)
  if ((product.mine === "1") === on) {
    return e.json(200, { voted: on, vote_count: Number(product.vote_count), counted: e.auth.verified() })
  }
  // the owner hears of a voter once (the partial unique index settles a race: see inSavepoint)
  const notice = on ? voteNotice(e.app, product, userId, e.auth.verified()) : null
  prepareWrites(e.app)
  let count = 0
  let changed = false
  e.app.runInTransaction((tx) => {
    require(`${__hooks}/lib/limits.js`).take(tx, "vote", userId, e) // 60 toggles a minute
    changed = on
      ? insertVote(tx, validClientId(body.id) ? body.id : require(`${__hooks}/lib/util.js`).newId(), productId, userId)
      : deleteVote(tx, productId, userId)
    // a changed vote recounts (which answers the count); a replay only reads it
    count = changed ? require(`${__hooks}/lib/counters.js`).recountVotes(tx, productId) : voteCount(tx, productId)
    if (changed && notice) inSavepoint(tx, "vote notification failed", () => saveNotification(tx, notice))
  })
  if (changed) require(`${__hooks}/lib/products-cache.js`).touchCounters(e.app)
  // counted: false while the voter's e-mail is not confirmed (the vote waits to count)
  return e.json(200, { voted: on, vote_count: count, counted: e.auth.verified() })
}

// What votes and comments run in their transactions, prepared on the write connection (lib/
// statements.js prepareForWrites): compiled at every vote, these were, with the recount, ~0.6 ms
// of a vote's 2.7.
const INSERT_VOTE =
  "INSERT INTO votes (id, product, user, created, updated) SELECT ?1, ?2, ?3, ?4, ?4 " +
  "WHERE EXISTS (SELECT 1 FROM products WHERE id = ?2 AND status = 'approved') ON CONFLICT DO NOTHING"
const DELETE_VOTE = "DELETE FROM votes WHERE product = ?1 AND user = ?2"
const VOTE_COUNT = "SELECT vote_count AS n FROM products WHERE id = ?1"
const SAVEPOINT = ["SAVEPOINT notice", "ROLLBACK TO notice", "RELEASE notice"]
const COMMENTED_PRODUCT = "SELECT slug, title, created_by FROM products WHERE id = ?1"
const PARENT_AUTHOR = "SELECT user FROM comments WHERE id = ?1"
/** whether this JS VM had them prepared already (they stay prepared for the process's life) */
let prepared = false

/**
 * Prepares (once) what votes and comments run in their transactions. Outside any transaction.
 * @param {core.App} app
 */
function prepareWrites(app) {
  if (prepared) return
  const { RECOUNT_VOTES, RECOUNT_COMMENTS } = require(`${__hooks}/lib/counters.js`)
  require(`${__hooks}/lib/statements.js`).prepareForWrites(app, [
    INSERT_VOTE,
    DELETE_VOTE,
    VOTE_COUNT,
    RECOUNT_VOTES,
    RECOUNT_COMMENTS,
    COMMENTED_PRODUCT,
    PARENT_AUTHOR,
    require(`${__hooks}/lib/push-jobs.js`).RECIPIENT,
    ...SAVEPOINT,
  ])
  prepared = !app.isTransactional()
}

/**
 * @param {core.App} app
 * @param {string} productId
 */
function voteCount(app, productId) {
  const row = require(`${__hooks}/lib/statements.js`).one(app, VOTE_COUNT, [productId], ["n"])
  return row ? Number(row.n) : 0
}

/**
 * @typedef {{ id: string, created_by: string, slug: string, title: string, vote_count: string, mine: string }} VotedProduct
 */

/**
 * An approved product's id, owner, slug, title and vote count, and whether `voter` has a vote on
 * it ("1" or "0"), or null (missing or not approved).
 * @param {core.App} app
 * @param {string} id
 * @param {string} voter
 * @returns {VotedProduct | null}
 */
function productForVote(app, id, voter) {
  const row = require(`${__hooks}/lib/statements.js`).one(
    app,
    "SELECT id, created_by, slug, title, vote_count, " +
      "EXISTS (SELECT 1 FROM votes WHERE product = ?1 AND user = ?2) AS mine FROM products WHERE id = ?1 AND status = 'approved'",
    [id, voter],
    ["id", "created_by", "slug", "title", "vote_count", "mine"],
  )
  return /** @type {VotedProduct | null} */ (row)
}

/**
 * Inserts the vote unless the user already has one on the product (or this id exists: a replay),
 * and only while the product is approved. True when a row was added.
 * @param {core.App} tx
 * @param {string} id
 * @param {string} productId
 * @param {string} userId
 */
function insertVote(tx, id, productId, userId) {
  const now = require(`${__hooks}/lib/util.js`).nowText()
  return require(`${__hooks}/lib/statements.js`).exec(tx, INSERT_VOTE, [id, productId, userId, now]) > 0
}

/**
 * @param {core.App} tx
 * @param {string} productId
 * @param {string} userId
 */
function deleteVote(tx, productId, userId) {
  return require(`${__hooks}/lib/statements.js`).exec(tx, DELETE_VOTE, [productId, userId]) > 0
}

/**
 * Runs `work` (writes in the transaction `tx`) all or nothing, without failing the transaction:
 * a notification that cannot be written never undoes the vote or comment that caused it.
 * @param {core.App} tx
 * @param {string} warning
 * @param {() => void} work
 */
function inSavepoint(tx, warning, work) {
  const sql = (/** @type {string} */ q) => require(`${__hooks}/lib/statements.js`).exec(tx, q, [])
  const [begin, undo, end] = SAVEPOINT
  sql(begin)
  try {
    work()
  } catch (err) {
    sql(undo)
    require(`${__hooks}/lib/util.js`).logWarn(warning, err)
  }
  sql(end)
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
    const n = new Record(tx.findCachedCollectionByNameOrId("notifications"))
    for (const k in fields) n.set(k, fields[k])
    tx.saveNoValidate(n) // built here, not from input: the field checks' queries would add nothing
    require(`${__hooks}/lib/push-jobs.js`).queueForNotification(tx, n, actor)
  })
}

/**
 * The notification a new vote gives the product's owner, or null: never for one's own vote, not
 * while the voter's e-mail is unconfirmed (told when it is), once per voter and product.
 * @param {core.App} app
 * @param {VotedProduct} product
 * @param {string} voter
 * @param {boolean} verified
 */
function voteNotice(app, product, voter, verified) {
  const owner = product.created_by
  if (owner === voter || !verified) return null
  const seen = require(`${__hooks}/lib/statements.js`).one(
    app,
    "SELECT EXISTS (SELECT 1 FROM notifications WHERE user = ?1 AND actor = ?2 AND product = ?3 AND type = 'new_vote') AS n",
    [owner, voter, product.id],
    ["n"],
  )
  if (seen && seen.n !== "0") return null
  return {
    user: owner,
    actor: voter,
    type: "new_vote",
    product: product.id,
    payload: { product_slug: product.slug, product_title: product.title },
  }
}

/**
 * A vote written outside PUT .../vote (demo data, an e-mail just confirmed): the owner's
 * notification, as the route gives it.
 * @param {core.App} app
 * @param {core.Record} vote
 */
function notifyVote(app, vote) {
  const voter = vote.getString("user")
  const product = productForVote(app, vote.getString("product"), voter)
  if (!product) return
  const notice = voteNotice(app, product, voter, app.findRecordById("users", voter).verified())
  if (!notice) return
  try {
    saveNotification(app, notice)
  } catch (err) {
    // the unique index lost a race against the same voter's other request: already notified
  }
}

/**
 * A new comment notifies the product owner and, for a reply, the parent's author; never oneself.
 * Written in the comment's transaction (`app`), each notification all or nothing.
 * @param {core.App} app
 * @param {core.Record} comment
 */
function notifyComment(app, comment) {
  const { one } = require(`${__hooks}/lib/statements.js`) // only the columns used, not whole records
  const productId = comment.getString("product")
  const product = one(app, COMMENTED_PRODUCT, [productId], ["slug", "title", "created_by"])
  if (!product) throw new Error(`comment on a missing product ${productId}`) // the foreign key refuses it first
  const author = comment.getString("user")
  const content = comment.getString("content")
  const payload = {
    product_slug: product.slug,
    product_title: product.title,
    comment_id: comment.id,
    comment_preview: content.length > PREVIEW_CHARS ? content.slice(0, PREVIEW_CHARS - 1) + "…" : content,
  }
  const recipients = [product.created_by]
  const parentId = comment.getString("parent")
  // (a parent gone: nobody else to tell)
  const parent = parentId ? one(app, PARENT_AUTHOR, [parentId], ["user"]) : null
  if (parent) recipients.push(parent.user)
  /** @type {{ [user: string]: boolean }} */
  const done = {}
  for (const user of recipients) {
    if (!user || user === author || done[user]) continue
    done[user] = true
    inSavepoint(app, "comment notification failed", () =>
      saveNotification(app, {
        user: user,
        actor: author,
        type: "new_comment",
        product: productId,
        comment: comment.id,
        payload: payload,
      }),
    )
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
  const updated = res.rowsAffected()
  // (raw SQL: no record events) the caller's other tabs reread their list
  if (updated > 0) require(`${__hooks}/lib/live.js`).tell(e.app, e.auth.id, "read-all", "")
  return e.json(200, { updated })
}

module.exports = {
  setVote,
  notifyVote,
  notifyComment,
  saveNotification,
  markAllRead,
  prepareWrites,
}
