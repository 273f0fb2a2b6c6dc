// @ts-check
/// <reference path="../types/types.d.ts" />
// Counters on products are derived from rows by a recount in one SQL statement, never by
// read-modify-write (PocketBase's `field+` modifier lost increments under concurrency). Each
// UPDATE runs under SQLite's write lock, so the last recount always sees every committed row.

/**
 * Votes of verified accounts only: an unverified one's vote counts once the e-mail is confirmed.
 * @param {core.App} app
 * @param {string} productId
 */
function recountVotes(app, productId) {
  app
    .db()
    .newQuery(
      "UPDATE products SET vote_count = (SELECT COUNT(*) FROM votes v JOIN users u ON u.id = v.user " +
        "WHERE v.product = {:p} AND u.verified = TRUE) WHERE id = {:p}",
    )
    .bind({ p: productId })
    .execute()
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
      require(`${__hooks}/lib/util.js`).logWarn("vote notification after verification failed", err)
    }
  }
}

/**
 * @param {core.App} app
 * @param {string} productId
 */
function recountComments(app, productId) {
  app
    .db()
    .newQuery(
      "UPDATE products SET comment_count = (SELECT COUNT(*) FROM comments WHERE product = {:p} AND is_deleted = FALSE) WHERE id = {:p}",
    )
    .bind({ p: productId })
    .execute()
}

module.exports = { recountVotes, recountComments, userVerified }
