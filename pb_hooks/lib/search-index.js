// @ts-check
/// <reference path="../types/types.d.ts" />
// Keeps the full-text indexes (products_fts and products_fts_recent, pb_migrations/
// 1795313510_search_stems.js) merged, so a search reads each term once.
//
// FTS5 writes the index entries of every transaction as a new segment, and merges segments only
// when a level holds several (automerge): an index that grows a product at a time spreads each
// term over a dozen segments, and the recent index also keeps the entries of the products pushed
// out of it until a merge drops them (contentless delete). A search reads every segment for each
// term. At 100,000 products (npm run bench's seeding: 10 and 12 segments) the search 'aplicativos
// financas' took 4.0 ms in the hooks, and 2.8 ms once each index was one segment.
//
// So the indexes are merged a bounded step at a time: FTS5's ('merge', -N) writes about N pages
// toward a single segment (500 pages: ~35 ms at 100,000 products on a 2-core machine), in a
// transaction of its own, so writes wait at most one step; an index already in one segment is
// left alone. A cron job (search.pb.js) takes a step or a few every minute; a superuser can run the
// merge to the end with POST /api/vitrine/admin/search-index (after a bulk import; npm run bench
// does, after seeding, to measure the state the job keeps).

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
 * Merges the indexes that have more than one segment, a step at a time, until each is one segment
 * or `budgetMs` is spent. `before`/`after`: segments per index; `done`: every index is merged.
 * @param {core.App} app
 * @param {number} budgetMs
 */
function tidy(app, budgetMs) {
  const started = Date.now()
  /** @type {{ [table: string]: number }} */
  const before = {}
  /** @type {{ [table: string]: number }} */
  const after = {}
  for (const t of TABLES) before[t] = after[t] = segments(app, t)
  let left = TABLES.filter((t) => after[t] > 1)
  while (left.length > 0 && Date.now() - started < budgetMs) {
    for (const t of left) {
      app.db().newQuery(`INSERT INTO ${t} (${t}, rank) VALUES ('merge', -${PAGES_PER_STEP})`).execute()
      after[t] = segments(app, t)
    }
    left = left.filter((t) => after[t] > 1)
  }
  return { before, after, done: left.length === 0, ms: Date.now() - started }
}

/**
 * POST /api/vitrine/admin/search-index (superusers, $apis.requireSuperuserAuth): merges the
 * indexes, up to ROUTE_BUDGET_MS per call.
 * @param {core.RequestEvent} e
 */
function tidyRoute(e) {
  return e.json(200, tidy(e.app, ROUTE_BUDGET_MS))
}

/**
 * POST /_vitrine/search-tidy: the minute job's step; a 404 without this process's secret.
 * @param {core.RequestEvent} e
 */
function internalRoute(e) {
  const compressed = require(`${__hooks}/lib/compressed.js`)
  const given = String(e.request.header.get(compressed.HEADER) || "")
  if (!given || !$security.equal(given, compressed.secret(e.app))) throw new NotFoundError()
  return e.json(200, tidy(e.app, JOB_BUDGET_MS))
}

/**
 * The cron job's body: the merge runs in the internal route (a cron job's $app can be a finished
 * transaction in PocketBase 0.39.0, launches.pb.js). Never throws.
 */
function cronTidy() {
  const util = require(`${__hooks}/lib/util.js`)
  const compressed = require(`${__hooks}/lib/compressed.js`)
  const base = compressed.selfUrl($os.args)
  if (!base) return
  try {
    const res = $http.send({
      url: base + INTERNAL_PATH,
      method: "POST",
      headers: { [compressed.HEADER]: compressed.secret($app) },
      timeout: 30,
    })
    if (res.statusCode !== 200) util.logWarn("search index merge answered " + res.statusCode)
  } catch (err) {
    util.logWarn("search index merge failed", err)
  }
}

module.exports = { tidy, tidyRoute, internalRoute, cronTidy, segments, INTERNAL_PATH }
