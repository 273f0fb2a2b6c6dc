// @ts-check
/// <reference path="../types/types.d.ts" />
// Response cache for the public product reads (listing pages and facets), shared by every JS VM
// through the app store (module state is per VM). Entries are whole JSON response bodies (bytes).
//
// Freshness: one generation number per scope, bumped after any committed write that can change
// what the scope shows (model hooks in products.pb.js; raw SQL writers call invalidate()
// themselves):
//   "list"   listing pages: any product, tag, category or maker change;
//   "facets" category and tag counts: products, tags, product_tags and categories only (a vote or
//            a view must not throw away a count that scans every product).
// A reader takes the generation *before* querying and stores it with the body; an entry is served
// only while the generation is unchanged, so a page read during a write is never served after
// it. A 60 s lifetime bounds what an unknown raw SQL writer (e.g. POST /api/sql) could leave stale.
//
// Counters are the exception: views and clicks happen on every product page, votes and comments
// all the time on a busy site, and dropping every cached listing each time would leave it with no
// cache at all (npm run bench's mixed workload: 5% of requests are votes and comments). They mark
// the time of the change instead (touchCounters), and a listing read before it is served for at
// most COUNTER_LAG_MS more: card counts (votes, comments, views, clicks, and the order of
// sort=top) may lag 2 seconds, nothing else does. The voter's own button shows their vote at once
// (the app keeps the newer count). Past the 2 s, one request reads the page again while the others
// are still answered from the entry (stale-while-revalidate, claimRefresh): a busy page is read
// once per refresh, not once per request that arrives during it; the lag grows by that read's
// time (at most REFRESH_CLAIM_MS more when the read fails, then another request tries; or when
// the page is asked under two spellings and one waits for the other's refresh: lib/products-
// response.js keeps an answer under its raw query too).
//
// Most of those changes are on products a cached page does not show (the bench's mix: votes and
// comments on random products among 100,000, and its ~50 listings read again every 2 s, 20 times
// a second). So a page whose cards and order do not depend on counters (listings by date, related
// products: what their compute reports, `p`, with a digest of the counters its cards show, `f`:
// lib/products-cards.js countersMark) is checked before it is read again: one read by key per
// card; when its cards' counters are still those it shows, it is kept, checked as of then (`v`),
// and only a change on one of them reads it again. Pages ordered by counters (sort=top, a search's
// ties broken by votes, the ranking) have no `p` and are read again as before.
//
// A hit also answers 304 without touching the body: the entry keeps its ETag.
//
// Memory: 1,024 slots; each key has two of them, chosen by its hash (two-way: a key goes to its
// first slot, or to its second when the first holds another live entry, and evicts the older of
// the two only when both do). One slot per key let two hot answers thrash: npm run bench's mix
// (about 100 keys) had a category's listing and the related products most product pages show in
// the same slot, and recomputed one of them every time the other was asked (295 times in 12 s
// instead of 5). An answer is kept under its normalized query and under the raw query string it
// was asked with (lib/products-response.js rawHit): two keys, one body (the same bytes). At most
// 1,024 bodies (a 48-card page is ~40 KB) whatever visitors type in the search box.
// VITRINE_LIST_CACHE=off turns it off (the bench uses that to measure the SQL alone).

const SCOPES = ["list", "facets"]
const genKey = (/** @type {string} */ scope) => `vitrine:products:gen:${scope}`
const SLOT_PREFIX = "vitrine:products:slot:"
const SLOTS = 1024
const TTL_MS = 60 * 1000
const COUNTERS_KEY = "vitrine:products:counters-at"
const COUNTER_LAG_MS = 2000
const REFRESH_PREFIX = "vitrine:products:refresh:"
const REFRESH_CLAIM_MS = 1000
const { appStore } = require(`${__hooks}/lib/app-store.js`)
/** @type {typeof import("./products-cards.js") | undefined} */
let cardsModule
function cards() {
  return cardsModule || (cardsModule = require(`${__hooks}/lib/products-cards.js`))
}

/**
 * A cached response: scope, key, generation, time its query started (ms), body bytes, ETag, the
 * body's gzip'd bytes (lib/compressed.js; null when there are none), and for a list of cards
 * whose counters can be checked, its ids and counters' digest (p, f: see above) and the time its
 * counters were last found current (v).
 * @typedef {{ s: string, k: string, g: number, t: number, b: string | number[], e: string, z: number[] | null,
 *   p?: string | null, f?: string | null, v?: number }} CacheEntry
 */

function enabled() {
  return $os.getenv("VITRINE_LIST_CACHE") !== "off"
}

/**
 * The two slots `scope`'s `key` may live in: from its MD5 (Go's, one call), not from a hash
 * computed in JS: FNV-1a over the key's characters, in goja, took ~25 µs per call, as long as the
 * rest of a cache hit.
 * @param {string} scope
 * @param {string} key
 * @returns {[string, string]}
 */
function slotsOf(scope, key) {
  const hash = $security.md5(scope + "\u0002" + key)
  return [
    SLOT_PREFIX + (parseInt(hash.slice(0, 8), 16) % SLOTS),
    SLOT_PREFIX + (parseInt(hash.slice(8, 16), 16) % SLOTS),
  ]
}

/**
 * The live entry in `slot` (of its scope's current generation, within its lifetime), or null.
 * @param {core.App} app
 * @param {string} slot
 * @param {number} now
 * @returns {CacheEntry | null}
 */
function live(app, slot, now) {
  const entry = appStore(app).get(slot)
  return entry && entry.g === generation(app, entry.s) && now - entry.t <= TTL_MS ? entry : null
}

/**
 * The scope's current generation; read it before the query whose result you will store.
 * @param {core.App} app
 * @param {string} scope
 * @returns {number}
 */
function generation(app, scope) {
  return appStore(app).get(genKey(scope)) || 0
}

/**
 * The cached entry `{b: body bytes, e: etag}` for `key` in `scope`, or null.
 * @param {core.App} app
 * @param {string} scope
 * @param {string} key
 * @returns {CacheEntry | null}
 */
function get(app, scope, key) {
  if (!enabled()) return null
  const store = appStore(app)
  const now = Date.now()
  for (const slot of slotsOf(scope, key)) {
    const entry = live(app, slot, now)
    if (!entry || entry.s !== scope || entry.k !== key) continue
    const since = entry.v || entry.t
    if (scope === "list" && (store.get(COUNTERS_KEY) || 0) >= since && now - since > COUNTER_LAG_MS) {
      // counters moved: this caller checks the entry's cards or reads again, the others keep the
      // entry meanwhile
      if (!claimRefresh(store, slot, now)) return entry
      if (!entry.p || !entry.f || !countersCurrent(app, entry)) return null
      const checked = copy(entry, now)
      store.setFunc(slot, (/** @type {CacheEntry | undefined} */ old) =>
        old && old.k === entry.k && old.t === entry.t && old.g === entry.g ? checked : old,
      )
      return checked // (its alias, if any, is kept as checked too)
    }
    return entry
  }
  return null
}

/**
 * Whether the counters `entry`'s cards show are still the products' (lib/products-cards.js); a
 * check that fails says no (the page is read again, as without the check).
 * @param {core.App} app
 * @param {CacheEntry} entry
 */
function countersCurrent(app, entry) {
  try {
    return cards().countersCurrent(app, String(entry.p), String(entry.f))
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("listing cache: counters check failed", err)
    return false
  }
}

/**
 * True for the one caller that may recompute the entry in `slot` now that counters made it old;
 * a claim lapses after REFRESH_CLAIM_MS (a refresh that failed or died: the next caller retries).
 * Without it every request for a busy listing that arrived while the first one was reading again
 * read again too (50 connections: several reads of the same page per refresh).
 * @param {import("./app-store.js").AppStore} store
 * @param {string} slot
 * @param {number} now
 */
function claimRefresh(store, slot, now) {
  let won = false
  store.setFunc(REFRESH_PREFIX + slot, (/** @type {number | undefined} */ since) => {
    if (since && now - since < REFRESH_CLAIM_MS) return since
    won = true
    return now
  })
  return won
}

/**
 * Stores `body` (and its `etag`) for `key` in `scope`, computed from data as of generation `gen`
 * by a query that started at `startedAt` (ms).
 * @param {core.App} app
 * @param {string} scope
 * @param {string} key
 * @param {number} gen
 * @param {number} startedAt
 * @param {string | number[]} body
 * @param {string} etag
 * @param {number[] | null} gz
 * @param {{ p: string, f: string } | null} [mark] its cards' ids and counters (see above)
 * @returns {CacheEntry}
 */
function set(app, scope, key, gen, startedAt, body, etag, gz, mark) {
  /** @type {CacheEntry} */
  const entry = { s: scope, k: key, g: gen, t: startedAt, b: body, e: etag, z: gz, p: null, f: null }
  if (mark) Object.assign(entry, mark)
  if (enabled()) keep(app, entry)
  return entry
}

/**
 * Puts `entry` in one of its key's two slots: the one that holds the key already, else one with
 * no live entry, else the one whose entry is older.
 * @param {core.App} app
 * @param {CacheEntry} entry
 */
function keep(app, entry) {
  const now = Date.now()
  const slots = slotsOf(entry.s, entry.k)
  const held = slots.map((slot) => live(app, slot, now))
  let pick = held.findIndex((e) => e !== null && e.s === entry.s && e.k === entry.k)
  if (pick === -1) pick = held.findIndex((e) => e === null)
  if (pick === -1) pick = /** @type {CacheEntry} */ (held[0]).t <= /** @type {CacheEntry} */ (held[1]).t ? 0 : 1
  appStore(app).set(slots[pick], entry)
}

/**
 * Keeps `entry` under a second key of its scope too, with the same generation and time: it goes
 * stale with the original.
 * @param {core.App} app
 * @param {CacheEntry} entry
 * @param {string} key
 */
function alias(app, entry, key) {
  if (!enabled() || entry.k === key) return
  const second = copy(entry, entry.v)
  second.k = key
  keep(app, second)
}

/**
 * A new entry with `entry`'s fields (the store holds entries read-only: shared by every JS VM),
 * its counters found current at `checkedAt`.
 * @param {CacheEntry} entry
 * @param {number | undefined} checkedAt
 * @returns {CacheEntry}
 */
function copy(entry, checkedAt) {
  const out = {
    s: entry.s,
    k: entry.k,
    g: entry.g,
    t: entry.t,
    b: entry.b,
    e: entry.e,
    z: entry.z,
    p: entry.p,
    f: entry.f,
  }
  return checkedAt ? Object.assign(out, { v: checkedAt }) : out
}

/**
 * A vote, comment, view or click count changed (see above).
 * @param {core.App} app
 */
function touchCounters(app) {
  // never back in time: two writes that touch at once must leave the later of their times
  const now = Date.now()
  appStore(app).setFunc(COUNTERS_KEY, (/** @type {number | undefined} */ at) => Math.max(at || 0, now))
}

/**
 * Makes the scopes' cached bodies stale (default: all). Call after the write has committed.
 * @param {core.App} app
 * @param {string[]} [scopes]
 */
function invalidate(app, scopes) {
  for (const scope of scopes || SCOPES) appStore(app).setFunc(genKey(scope), (old) => (old || 0) + 1)
}

module.exports = { enabled, get, set, alias, generation, invalidate, touchCounters }
