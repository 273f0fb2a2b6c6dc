// @ts-check
/// <reference path="../types/types.d.ts" />
// Gzip bytes made once per cached response, instead of once per request.
//
// The listing, facets and ranking answers come from the response cache (lib/products-cache.js),
// but Go's gzip middleware ($apis.gzip) compressed the same cached body again for every request:
// at 50 connections, a cached listing page (20 KB of JSON, 100,000 products) went out 3,070 times
// a second gzip'd against 4,759 uncompressed; with the copy, 4,054 gzip'd. So the cache keeps the
// gzip'd copy next to the body, and a request that accepts gzip gets those bytes as they are.
//
// The JS VM has no compressor of its own (no Go gzip binding; one in JS would take tens of ms per
// page in goja), so the copy comes from the same Go gzip: the hooks send the text to this server's
// own POST /_vitrine/gzip (compressed.pb.js, behind $apis.gzip) and keep the bytes it answers
// ($http.send returns them as they are when the request asks for gzip itself). One loopback round
// trip per refresh of a cached page, ~0.5 ms. The route answers only requests that carry this
// process's secret (lib/loopback.js) and is outside /api/, so PocketBase's per-address limits
// never count these calls.
//
// Whenever the copy cannot be made (the address unknown, the call failed or took over 1 s), the
// answer goes out uncompressed; after a failure the hooks stop trying for a minute.

const DOWN_KEY = "vitrine:gzip:down-until"
const PATH = "/_vitrine/gzip"
const RETRY_MS = 60 * 1000

function loopback() {
  return require(`${__hooks}/lib/loopback.js`)
}

/**
 * True when the request accepts gzip (the same test as Go's middleware).
 * @param {core.RequestEvent} e
 */
function acceptsGzip(e) {
  return String(e.request.header.get("Accept-Encoding") || "").indexOf("gzip") !== -1
}

/**
 * The gzip'd bytes of `text`, or null when the copy could not be made.
 * @param {core.App} app
 * @param {string} text
 * @returns {number[] | null}
 */
function gzipOf(app, text) {
  const store = require(`${__hooks}/lib/app-store.js`).appStore(app)
  if ((store.get(DOWN_KEY) || 0) > Date.now()) return null
  const base = loopback().selfUrl($os.args)
  if (!base) return null
  try {
    const res = $http.send({
      url: base + PATH,
      method: "POST",
      body: text,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Accept-Encoding": "gzip",
        [loopback().HEADER]: loopback().secret(app),
      },
      timeout: 1, // an answer waits for its copy at most this long (a server this slow is better off sending it plain)
    })
    const encoding = res.headers["Content-Encoding"] || res.headers["content-encoding"] || []
    if (res.statusCode === 200 && String(encoding).indexOf("gzip") !== -1) return res.body
    throw new Error(`status ${res.statusCode}, encoding ${encoding}`)
  } catch (err) {
    store.set(DOWN_KEY, Date.now() + RETRY_MS)
    require(`${__hooks}/lib/util.js`).logWarn("gzip copy failed: answers go out uncompressed for a minute", err)
    return null
  }
}

/**
 * POST /_vitrine/gzip: the body back, for $apis.gzip to compress; 404 without the secret.
 * @param {core.RequestEvent} e
 */
function echo(e) {
  loopback().requireInternal(e)
  e.response.header().set("Content-Type", "text/plain; charset=utf-8")
  return e.string(200, toString(e.request.body))
}

/**
 * Writes `body` (Go bytes or a string) as the 200 answer, or `gz` (its gzip'd bytes) when the
 * client accepts gzip; without a copy, one is made for a string body. For routes without
 * $apis.gzip (which would compress the copy again).
 * @param {core.RequestEvent} e
 * @param {string} contentType
 * @param {string | number[]} body
 * @param {number[] | null} gz
 * @param {http.Header} [headers] the response headers, if taken
 */
function send(e, contentType, body, gz, headers) {
  const h = headers || e.response.header()
  vary(e, h)
  if (!acceptsGzip(e)) return e.blob(200, contentType, body)
  // no copy (an answer not cached: the private feed, the cache turned off): made for this answer
  if (!gz && typeof body === "string") gz = gzipOf(e.app, body)
  if (gz) {
    h.set("Content-Encoding", "gzip")
    return e.blob(200, contentType, gz)
  }
  return e.blob(200, contentType, body)
}

/**
 * Vary: Accept-Encoding on an answer (a 304 too), once, next to any other Vary (CORS: Origin).
 * @param {core.RequestEvent} e
 * @param {http.Header} [headers] the response headers, if taken
 */
function vary(e, headers) {
  headers = headers || e.response.header()
  const values = headers.values("Vary") || []
  if (!values.some((v) => /accept-encoding/i.test(String(v)))) headers.add("Vary", "Accept-Encoding")
}

module.exports = { gzipOf, echo, send, vary, acceptsGzip, PATH }
