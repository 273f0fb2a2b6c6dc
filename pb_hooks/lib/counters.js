// @ts-check
/// <reference path="../types/types.d.ts" />
// Counters on products. Votes and comments are derived from rows by a recount in one SQL
// statement, never by read-modify-write (PocketBase's `field+` modifier lost increments under
// concurrency). Each UPDATE runs under SQLite's write lock, so the last recount always sees every
// committed row. Views and clicks have no rows of their own: +1 in SQL (track), at most once per
// user and product per hour.

const util = require(`${__hooks}/lib/util.js`)

// kept prepared on the write connection for the transactions that prepare them first (lib/
// statements.js prepareForWrites): a vote's recount fires the trigger that keeps the search keys'
// vote count, and compiling both was ~0.5 ms of a vote
const RECOUNT_VOTES =
  "UPDATE products SET vote_count = (SELECT COUNT(*) FROM votes v JOIN users u ON u.id = v.user " +
  "WHERE v.product = ?1 AND u.verified = TRUE) WHERE id = ?1 RETURNING vote_count AS n"
const RECOUNT_COMMENTS =
  "UPDATE products SET comment_count = (SELECT COUNT(*) FROM comments WHERE product = ?1 AND is_deleted = FALSE) " +
  "WHERE id = ?1"

/**
 * Votes of verified accounts only: an unverified one's vote counts once the e-mail is confirmed.
 * Answers the new count (0 when the product is gone).
 * @param {core.App} app
 * @param {string} productId
 * @returns {number}
 */
function recountVotes(app, productId) {
  const rows = require(`${__hooks}/lib/statements.js`).returning(app, RECOUNT_VOTES, [productId], ["n"])
  return rows.length > 0 ? Number(rows[0].n) : 0
}

/**
 * A user's e-mail was just confirmed: the products they voted on count their votes now, and the
 * owners hear about them (once per voter and product, as always).
 * @param {core.App} app
 * @param {string} userId
 */
function userVerified(app, userId) {
  const votes = app.findRecordsByFilter("votes", "user = {:u}", "", 0, 0, { u: userId })
  for (const vote of votes) {
    recountVotes(app, vote.getString("product"))
    try {
      require(`${__hooks}/lib/engagement.js`).notifyVote(app, vote)
    } catch (err) {
      util.logWarn("vote notification after verification failed", err)
    }
  }
}

/**
 * @param {core.App} app
 * @param {string} productId
 */
function recountComments(app, productId) {
  require(`${__hooks}/lib/statements.js`).exec(app, RECOUNT_COMMENTS, [productId])
}

const COUNTERS = { view: "view_count", click: "click_count" }
const DAILY = { view: "views", click: "clicks" }

/**
 * POST /api/vitrine/products/{id}/view and /click: +1 in SQL (at most once per user and product
 * per hour), inside a write transaction, and the value read in that same transaction.
 * @param {core.RequestEvent} e
 * @param {"view" | "click"} kind
 */
function track(e, kind) {
  const column = COUNTERS[kind]
  const uid = require(`${__hooks}/lib/access.js`).requireUser(e, util.messages().loginRequired)
  const id = String(e.request.pathValue("id") || "")
  const head = require(`${__hooks}/lib/products-detail.js`).visibleHead(e, "id", id)
  const row = new DynamicModel({ n: 0 })
  e.app.runInTransaction((txApp) => {
    // once per user and product per hour: reloading a page does not inflate the count (nor the
    // stats chart's day, product_daily_stats, migration 1795313620), all in this transaction
    if (require(`${__hooks}/lib/limits.js`).countOnce(txApp, kind, uid, head.id)) {
      txApp
        .db()
        .newQuery(`UPDATE products SET ${column} = ${column} + 1 WHERE id = {:id}`)
        .bind({ id: head.id })
        .execute()
      txApp
        .db()
        .newQuery(
          `INSERT INTO product_daily_stats (product, day, ${DAILY[kind]}) VALUES ({:id}, {:day}, 1) ` +
            `ON CONFLICT (product, day) DO UPDATE SET ${DAILY[kind]} = ${DAILY[kind]} + 1`,
        )
        .bind({ id: head.id, day: require(`${__hooks}/lib/launch-days.js`).today() })
        .execute()
    }
    txApp.db().newQuery(`SELECT ${column} AS n FROM products WHERE id = {:id}`).bind({ id: head.id }).one(row)
  })
  require(`${__hooks}/lib/products-cache.js`).touchCounters(e.app) // cards may lag 2 s, see there
  /** @type {{ [column: string]: number }} */
  const out = {}
  out[column] = row.n
  return e.json(200, out)
}

module.exports = { RECOUNT_VOTES, RECOUNT_COMMENTS, recountVotes, recountComments, userVerified, track }
