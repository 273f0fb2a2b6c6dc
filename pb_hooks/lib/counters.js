// Counters on products are derived from rows by a recount in one SQL statement, never by
// read-modify-write (PocketBase's `field+` modifier lost increments under concurrency). Each
// UPDATE runs under SQLite's write lock, so the last recount always sees every committed row.

function recountVotes(app, productId) {
  app
    .db()
    .newQuery("UPDATE products SET vote_count = (SELECT COUNT(*) FROM votes WHERE product = {:p}) WHERE id = {:p}")
    .bind({ p: productId })
    .execute()
}

function recountComments(app, productId) {
  app
    .db()
    .newQuery(
      "UPDATE products SET comment_count = (SELECT COUNT(*) FROM comments WHERE product = {:p} AND is_deleted = FALSE) WHERE id = {:p}",
    )
    .bind({ p: productId })
    .execute()
}

module.exports = { recountVotes, recountComments }
