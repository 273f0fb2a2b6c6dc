// Small shared helpers of the hooks.

/**
 * Runs a record request hook's rest (`work` calls e.next()) inside one write transaction, with
 * e.app pointing at it: the record, the counters and the limit rows it writes commit together or
 * not at all. Nested calls join the outer transaction.
 */
function inTransaction(e, work) {
  const app = e.app
  try {
    app.runInTransaction((tx) => {
      e.app = tx
      work(tx)
    })
  } finally {
    e.app = app
  }
}

/**
 * A failure the request survives (a notification not sent, a bootstrap skipped), in PocketBase's
 * log (the dashboard's Logs, with the error as an attribute) rather than on stdout.
 */
function logWarn(message, err) {
  $app.logger().warn(message, "error", err === undefined ? "" : String(err))
}

module.exports = { inTransaction, logWarn }
