// @ts-check
/// <reference path="../types/types.d.ts" />
// PocketBase reads through a pool of up to 120 SQLite connections but keeps only 15 of them open
// when they fall idle (core.DefaultDataMaxIdleConns). Past 15 requests at once, every connection
// returned beyond those 15 is closed and the next request opens a new one: SQLite parses the
// whole schema again (every table, index and trigger: ~170 statements here) and starts with an
// empty page cache, so its first reads go to the file. At 50 connections (npm run bench's mixed
// workload, 100,000 products) opening and closing connections took 5% of the CPU (perf) and their
// cold caches more.
//
// The pool keeps what it opened, up to its maximum, and closes a connection left idle for
// IDLE_MINUTES: memory returns after a burst (each connection's page cache holds up to 32 MB,
// PocketBase's cache_size, of pages it read) and a steady load reuses warm connections.

const IDLE_MINUTES = 5

/** @param {core.App} app */
function keepConnections(app) {
  const pool = /** @type {any} */ (app.concurrentDB()).db()
  pool.setMaxIdleConns(pool.stats().maxOpenConnections)
  pool.setConnMaxIdleTime(IDLE_MINUTES * 60 * 1000 * 1000 * 1000) // time.Duration: nanoseconds
}

module.exports = { keepConnections }
