// @ts-check
/// <reference path="../types/types.d.ts" />
// The SQLite connections PocketBase reads and writes through: a fixed set, opened at start, each
// reading the database file through read() calls, or through a memory map when
// VITRINE_SQLITE_MMAP_MB says how much of the file to map (0, the default: none).
//
// The map is off by default since 02/12/2026 (README, Escala): in WAL mode a connection that reads
// after another one wrote undoes its whole map of the file and maps it again (SQLite's
// sqlite3PagerSharedLock: the WAL changed, the fetched pages are dropped), so on a site taking
// writes each read touches fresh mapped pages, a page fault each, and each undone map flushes the
// TLB of every core running the process. Where page faults are cheap that cost less than the
// read() calls it saved (below); on a virtual machine whose page tables go through the hypervisor
// (the 02/12 host: a page fault ~25 us, a read() call ~1.5 us) SQLite's first touch of each page
// (btreeInitPage) took 12% of the mixed workload's CPU, and without the map npm run bench's mix at
// 10,000 products went from 2,105-2,138 to 3,178-3,297 req/s (p95 67-69 -> 42-44 ms), in pairs. A
// few percent where faults are cheap against half again as much where they are dear: off, with
// the variable for a host measured to gain from it (npm run bench on it, both ways).
//
// What the map gave on the host where it was measured (28/11):
//
// Each SQLite connection has a page cache of its own (32 MB here, PocketBase's cache_size), and in
// WAL mode a connection drops its whole cache whenever another one has written since its last
// read. A product page is a few reads by key among 100,000 products, so on ~50 connections each
// holding its own copy of what it read, nearly every one of those reads missed, and was a read()
// system call and a 4 KB copy per page (20% of a product page's CPU in npm run bench's database,
// perf). With `PRAGMA mmap_size`, SQLite reads the file's pages from a memory map that every
// connection shares (the kernel's page cache): no system call, no copy, and the connections' own
// caches hold only what the WAL or a write changed. Measured in pairs (two servers, alternating
// rounds, 100,000 products, 50 connections), CPU per request: a product page 0.349 -> 0.248 ms,
// related products 0.344 -> 0.323, a new comment 3.89 -> 3.32, the mixed workload 0.474 -> 0.448
// and 0.442 -> 0.436 (two runs; its writes read their pages from the WAL either way).
//
// mmap_size is a setting of each connection, and PocketBase opens connections on demand with no
// hook for it. So the read pool is given a fixed size (POOL_SIZE: enough that 50 requests at once
// never wait for a connection; in pairs, the mix measured 3-4% faster with 64 than with 32, two
// runs; PocketBase's own limit is 120), every one of its connections is opened here, before the
// server takes requests, and set; and none is ever closed for being idle or old (a closed one
// would be replaced by one without the map). Likewise the single write connection. Opening them
// costs ~0.5 s at start (a server start went from ~0.9 to ~1.35 s). The trade-off of a map that
// SQLite documents: an I/O error on a mapped page (the file truncated behind SQLite's back, a
// failing disk) stops the process instead of failing one query.
//
// The write connection, besides, keeps a small page cache of its own (its reads come from the map
// too): at every commit SQLite walks that cache's whole hash table (pcache1TruncateUnsafe, 4% of a
// vote's CPU with 32 MB). And it checkpoints the WAL into the database file every 10,000 pages
// written instead of every 1,000: the index pages a vote or a comment changes are the same few
// hundred over and over, and each checkpoint copies them, with an fsync, holding the only write
// connection (the WAL grows to ~40 MB between two; PocketBase's backups checkpoint it first).
// Paired, both: a vote 2.19 -> 1.99 ms of CPU, the mix 0.430 -> 0.390 ms (3,633 -> 4,065 req/s);
// the checkpoint interval alone, against the small cache alone: a vote 2.35 -> 2.02 ms, the mix
// 3,591 -> 3,756 req/s.

/** Read connections: opened at start, kept for the life of the process. */
const POOL_SIZE = 64
/**
 * How much of the database file is mapped: VITRINE_SQLITE_MMAP_MB megabytes (SQLite caps it at its
 * build's limit, ~2 GB); 0 (the default, or anything not a whole number) maps nothing.
 */
function mmapBytes() {
  const mb = Number($os.getenv("VITRINE_SQLITE_MMAP_MB") || "0")
  return Number.isInteger(mb) && mb > 0 ? Math.min(mb, 2048) * 1024 * 1024 : 0
}
/** The write connection's own page cache, in KiB (see above). */
const WRITE_CACHE_KIB = 2000
/** WAL pages written between two automatic checkpoints (SQLite's default: 1,000). */
const CHECKPOINT_PAGES = 10000

/**
 * Runs each of `statements` on each of `count` distinct connections of `pool` (database/sql's
 * *DB): each held in a transaction of its own, so none serves twice. Before any request is served.
 * @param {any} pool
 * @param {number} count
 * @param {string[]} statements
 */
function onEachConnection(pool, count, statements) {
  const held = []
  try {
    for (let i = 0; i < count; i++) held.push(pool.begin())
    for (const tx of held) for (const sql of statements) tx.exec(sql)
  } finally {
    for (const tx of held) tx.rollback()
  }
}

/**
 * The fixed, memory-mapped connections (see above). Called once, at bootstrap.
 * @param {core.App} app
 */
function keepConnections(app) {
  const mmap = `PRAGMA mmap_size = ${mmapBytes()}`
  const reads = /** @type {any} */ (app.concurrentDB()).db()
  const size = Math.min(POOL_SIZE, reads.stats().maxOpenConnections)
  reads.setMaxOpenConns(size)
  reads.setMaxIdleConns(size)
  reads.setConnMaxIdleTime(0) // never closed for being idle
  reads.setConnMaxLifetime(0) // nor for being old
  onEachConnection(reads, size, [mmap])
  const writes = /** @type {any} */ (app.nonconcurrentDB()).db()
  writes.setConnMaxIdleTime(0)
  writes.setConnMaxLifetime(0)
  onEachConnection(writes, writes.stats().maxOpenConnections, [
    mmap,
    `PRAGMA cache_size = -${WRITE_CACHE_KIB}`,
    `PRAGMA wal_autocheckpoint = ${CHECKPOINT_PAGES}`,
  ])
}

module.exports = { keepConnections }
