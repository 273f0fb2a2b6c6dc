// @ts-check
/// <reference path="../types/types.d.ts" />
// The public product reads' answers: JSON bodies from the response cache (lib/products-cache.js,
// with ETag, 304 and Cache-Control from lib/http-cache.js) or computed once and cached, and the
// routes that answer that way: the listing (GET /api/vitrine/products, whose query is
// lib/products-query.js) and the facets (GET /api/vitrine/facets, lib/products-facets.js), plus
// their JSON texts for /home's first screen (lib/page-boot.js). The caller's own 'Seguindo' feed
// is private: never cached.

const { messages } = require(`${__hooks}/lib/util.js`)
// required once per JS VM, here: a require() call costs ~3 µs even for a module already loaded,
// and a cached answer (~80 µs in all) went through four of them
const cache = require(`${__hooks}/lib/products-cache.js`)
const http = require(`${__hooks}/lib/http-cache.js`)
const compressed = require(`${__hooks}/lib/compressed.js`)

/** @type {typeof import("./products-query.js") | undefined} */
let queryModule
// (kept here: this module is often the first a VM loads, before lib/require-once.js is installed)
function query() {
  return queryModule || (queryModule = require(`${__hooks}/lib/products-query.js`))
}

const JSON_TYPE = "application/json; charset=utf-8"

/**
 * The listing's parameters, plus the caller's id for the 'Seguindo' feed.
 * @typedef {ReturnType<typeof import("./products-query.js").listParams> & { me?: string }} ListParams
 */

/**
 * What a computed answer tells the cache: `ids`, the products whose cards it lists, when nothing
 * but their counters can change what it shows without a write that invalidates it (lib/products-
 * cache.js checks those counters before reading it again); null otherwise.
 * @typedef {{ ids: string[] | null }} Shown
 */

/**
 * The body, ETag and gzip'd copy for `key` in `scope`: from the response cache, or computed (and
 * cached). Bodies are cached as Go bytes: a hit writes them out without converting a JS string,
 * and a 304 does not touch them at all. The gzip'd copy is made once, when the body is cached
 * (lib/compressed.js): a hit does not compress again. `alias`: a second key the same entry is
 * kept under (the request's raw query: see rawHit).
 * @param {core.App} app
 * @param {string} scope
 * @param {string} key
 * @param {(shown: Shown) => string} compute
 * @param {string} [alias]
 * @returns {{ body: string | number[], etag: string, gz: number[] | null }}
 */
function cachedBody(app, scope, key, compute, alias) {
  let entry = cache.get(app, scope, key)
  if (entry === null) {
    const gen = cache.generation(app, scope)
    const startedAt = Date.now()
    /** @type {Shown} */
    const shown = { ids: null }
    const text = compute(shown)
    const etag = http.etagOf(text)
    if (!cache.enabled()) return { body: text, etag, gz: null } // nothing kept: no bytes to convert
    const gz = compressed.gzipOf(app, text)
    const mark = shown.ids ? require(`${__hooks}/lib/products-cards.js`).countersMark(text, shown.ids) : null
    entry = cache.set(app, scope, key, gen, startedAt, toBytes(text), etag, gz, mark)
  }
  if (alias) cache.alias(app, entry, alias)
  return { body: entry.b, etag: entry.e, gz: entry.z }
}

/**
 * The cache key of this request's raw query string. The same raw query always parses to the same
 * parameters, so the answer once computed for it (through the parameters' own key) is kept under
 * this key too, and a hit is found before any parsing: a search's parse (its folding and
 * stemming, lib/products-search.js) took more time than the rest of a cached answer. Only public
 * answers are ever kept under it (the private feed is never cached), so a raw query asking for
 * one simply never hits.
 * @param {core.RequestEvent} e
 */
function rawKey(e) {
  return "raw\u0001" + e.request.url.rawQuery
}

// the listing's and the facets' parameters (lib/products-query.js listParams)
const PARAMS = ["search", "sort", "limit", "category", "tag", "lovable", "epic", "maker", "following", "cursor"]
const RAW_MAX_CHARS = 512

/**
 * rawKey for keeping an answer under, or undefined when the raw query is not one the app asks
 * with: longer than RAW_MAX_CHARS or with a parameter the listing does not read. Such a query is
 * answered from its parameters' entry without a second slot, so junk parameters (`&x=1`, `&x=2`,
 * ...) cannot push other answers out of the cache at the price of a hit.
 * @param {core.RequestEvent} e
 * @param {{ [name: string]: unknown }} query the parsed query
 */
function rawAlias(e, query) {
  if (e.request.url.rawQuery.length > RAW_MAX_CHARS) return undefined
  for (const name in query) if (PARAMS.indexOf(name) === -1) return undefined
  return rawKey(e)
}

/**
 * Answers from the response cache by the raw query alone (rawKey), or null on a miss.
 * @param {core.RequestEvent} e
 * @param {string} scope
 */
function rawHit(e, scope) {
  const hit = cache.get(e.app, scope, rawKey(e))
  if (hit === null) return null
  return http.sendPublic(e, JSON_TYPE, hit.b, hit.e, hit.z)
}

/**
 * A public answer built per request (not cached here): revalidated by its ETag (lib/http-cache.js).
 * @param {core.RequestEvent} e
 * @param {string} body
 */
function sendPublicJson(e, body) {
  return http.sendPublic(e, JSON_TYPE, body, http.etagOf(body))
}

/**
 * A private answer (the caller's own feed): never cached, by us or on the way.
 * @param {core.RequestEvent} e
 * @param {string} body
 */
function sendPrivateJson(e, body) {
  e.response.header().set("Cache-Control", "private, no-store")
  return compressed.send(e, JSON_TYPE, body, null)
}

/**
 * Answers a public read from the cache (ETag, 304, Cache-Control: lib/http-cache.js), with the
 * cached gzip'd copy when the client accepts gzip (so never behind $apis.gzip).
 * @param {core.RequestEvent} e
 * @param {string} scope
 * @param {string} key
 * @param {(shown: Shown) => string} compute
 * @param {string} [alias] a second key for the entry (rawKey)
 */
function cachedJson(e, scope, key, compute, alias) {
  const r = cachedBody(e.app, scope, key, compute, alias)
  return http.sendPublic(e, JSON_TYPE, r.body, r.etag, r.gz)
}

/** The 400 for a cursor this server did not issue (for that sort or ranking). */
function cursorInvalid() {
  const m = messages().cursorInvalid
  return new BadRequestError(m, { cursor: new ValidationError("validation_invalid_cursor", m) })
}

/**
 * @param {core.App} app
 * @param {ListParams} p
 * @returns {(shown: Shown) => string}
 */
function listCompute(app, p) {
  return (/** @type {Shown} */ shown) => {
    const body = query().pageBody(app, p, shown)
    if (body === null) throw cursorInvalid()
    return body
  }
}

/**
 * GET /api/vitrine/products
 * @param {core.RequestEvent} e
 */
function list(e) {
  const hit = rawHit(e, "list")
  if (hit !== null) return hit
  const params = e.requestInfo().query
  /** @type {ListParams} */
  const p = query().listParams(params)
  if (p.following) {
    // private to the caller: never in the shared response cache
    p.me = require(`${__hooks}/lib/access.js`).requireUser(e, messages().loginToFollowing)
    return sendPrivateJson(e, listCompute(e.app, p)({ ids: null }))
  }
  return cachedJson(e, "list", query().cacheKey(p), listCompute(e.app, p), rawAlias(e, params))
}

/**
 * The listing's JSON text for `query` (as GET /api/vitrine/products takes it), for /home's bootstrap.
 * @param {core.App} app
 * @param {{ [name: string]: unknown }} params
 */
function listText(app, params) {
  const p = query().listParams(params)
  if (p.following) return null // private: never sent with the page
  return cachedText(app, "list", query().cacheKey(p), listCompute(app, p))
}

/**
 * The JSON text for `key` in `scope` (from the response cache, or computed and cached), for a
 * page's bootstrap.
 * @param {core.App} app
 * @param {string} scope
 * @param {string} key
 * @param {(shown: Shown) => string} compute
 */
function cachedText(app, scope, key, compute) {
  return toString(cachedBody(app, scope, key, compute).body)
}

/**
 * The facets' JSON text, for /home's bootstrap.
 * @param {core.App} app
 */
function facetsText(app) {
  const f = require(`${__hooks}/lib/products-facets.js`)
  return cachedText(app, "facets", "facets", () => f.facetsBody(app))
}

/**
 * GET /api/vitrine/facets: categories (by name) and tags (most used first), approved products
 * only. With the listing's filters (search, category, tag, lovable, epic), each count is what that
 * choice would list under the other active filters (lib/products-facets.js).
 * @param {core.RequestEvent} e
 */
function facets(e) {
  const hit = rawHit(e, "facets")
  if (hit !== null) return hit
  const params = e.requestInfo().query
  const p = query().listParams(params)
  p.following = false // a private feed: its facets are the public ones
  const f = require(`${__hooks}/lib/products-facets.js`)
  const raw = rawAlias(e, params)
  if (!f.narrowed(p)) return cachedJson(e, "facets", "facets", () => f.facetsBody(e.app), raw)
  return cachedJson(e, "facets", "facets" + query().cacheKey(p), () => f.filteredFacetsBody(e.app, p), raw)
}

module.exports = {
  JSON_TYPE,
  cachedJson,
  cachedText,
  sendPublicJson,
  cursorInvalid,
  list,
  listText,
  facets,
  facetsText,
}
