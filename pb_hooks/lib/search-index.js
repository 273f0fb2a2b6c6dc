// @ts-check
/// <reference path="../types/types.d.ts" />
// Keeps the full-text indexes (products_fts and products_fts_recent, pb_migrations/
// 1795313510_search_stems.js) in few segments, so a search reads each term a few times, not a dozen.
//
// FTS5 writes the index entries of every transaction as a new segment, and merges segments only
// when a level holds several (automerge): an index that grows a product at a time spreads each
// term over a dozen segments, and the recent index also keeps the entries of the products pushed
// out of it until a merge drops them (contentless delete). A search reads every segment for each
// term. At 100,000 products (npm run bench's seeding leaves about a dozen) the search 'aplicativos
// financas' took 4.0 ms in the hooks; 2.8 ms with each index in one segment, and within ~5% of
// that in two or three.
//
// Two kinds of merge, both in steps of about PAGES_PER_STEP pages (~35 ms at 100,000 products on a
// 2-core machine), each step a transaction of its own, so a write waits at most one step:
// - tidy (the minute job, search.pb.js): FTS5's ('merge', N) merges the segments of a level that
//   holds two or more ('usermerge' 2, migration 1795313780). Small segments merge with small ones
//   and the large one is left alone, so a new product costs a small merge, never a rewrite of the
//   whole index; each index keeps at most one segment per level. Stops when a step changes nothing.
// - full: ('merge', -N) merges every segment into one, a rewrite of the whole index. The job does
//   this to the recent index, which never holds more than 5,000 products (a rewrite of it is
//   bounded: ~0.1 s); bm25 reads it for every relevance search (4-connection search throughput at
//   100,000 products: 462 req/s with it in 4 segments, 505 in one, two bench runs). A superuser
//   can ask for it on both (after a bulk import).
// POST /api/vitrine/admin/search-index runs either to the end (npm run bench runs tidy after
// seeding: the state the job keeps). A server listening with --https only has no loopback address
// for the job (lib/loopback.js selfUrl): there, only the route merges.

const TABLES = ["products_fts", "products_fts_recent"]
const PAGES_PER_STEP = 500
/** What the minute job spends at most (then the next minute goes on). */
const JOB_BUDGET_MS = 250
/** What the superuser route spends at most per call (it answers done: false, call again). */
const ROUTE_BUDGET_MS = 20000
const INTERNAL_PATH = "/_vitrine/search-tidy"

/**
 * How many segments the index `table` has (0 when empty).
 * @param {core.App} app
 * @param {string} table
 */
function segments(app, table) {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery(`SELECT COUNT(DISTINCT segid) AS n FROM ${table}_idx`).one(row)
  return row.n
}

/**
 * The index's structure record (FTS5 keeps its segments and levels in row 10 of %_data): a merge
 * step that did anything changes it.
 * @param {core.App} app
 * @param {string} table
 */
function structure(app, table) {
  const row = new DynamicModel({ s: "" })
  app.db().newQuery(`SELECT COALESCE(hex(block), '') AS s FROM ${table}_data WHERE id = 10`).one(row)
  return row.s
}

/** The index of bounded size (the newest products only): always merged into one segment. */
const BOUNDED = "products_fts_recent"

/**
 * Merges the indexes a step at a time until no step changes anything (`full`, and always the
 * recent index: until each is one segment) or `budgetMs` is spent. `before`/`after`: segments per
 * index; `done`: nothing is left.
 * @param {core.App} app
 * @param {number} budgetMs
 * @param {boolean} full
 */
function tidy(app, budgetMs, full) {
  const started = Date.now()
  /** @type {{ [table: string]: number }} */
  const before = {}
  /** @type {{ [table: string]: number }} */
  const after = {}
  for (const t of TABLES) before[t] = after[t] = segments(app, t)
  let left = TABLES.filter((t) => after[t] > 1)
  while (left.length > 0 && Date.now() - started < budgetMs) {
    left = left.filter((t) => {
      const was = structure(app, t)
      const pages = full || t === BOUNDED ? -PAGES_PER_STEP : PAGES_PER_STEP
      app.db().newQuery(`INSERT INTO ${t} (${t}, rank) VALUES ('merge', ${pages})`).execute()
      after[t] = segments(app, t)
      return after[t] > 1 && structure(app, t) !== was // else nothing is left to merge
    })
  }
  return { before, after, done: left.length === 0, ms: Date.now() - started }
}

/**
 * POST /api/vitrine/admin/search-index (superusers, $apis.requireSuperuserAuth): the minute job's
 * merge run to the end, or with `{ "full": true }` every segment into one; up to ROUTE_BUDGET_MS
 * per call.
 * @param {core.RequestEvent} e
 */
function tidyRoute(e) {
  const body = e.requestInfo().body || {}
  return e.json(200, tidy(e.app, ROUTE_BUDGET_MS, body.full === true))
}

/**
 * POST /_vitrine/search-tidy: the minute job's step; a 404 without this process's secret.
 * @param {core.RequestEvent} e
 */
function internalRoute(e) {
  require(`${__hooks}/lib/loopback.js`).requireInternal(e)
  return e.json(200, tidy(e.app, JOB_BUDGET_MS, false))
}

/**
 * The cron job's body: the merge runs in the internal route (lib/loopback.js). Never throws.
 */
function cronTidy() {
  require(`${__hooks}/lib/loopback.js`).postSelf(INTERNAL_PATH, "search index merge", 30)
}

module.exports = { tidy, tidyRoute, internalRoute, cronTidy }
