// @ts-check
/// <reference path="../types/types.d.ts" />
// HTTP caching of the public API reads (listing, facets, related products, comments, /home): who
// may keep a response and for how long, and the 304 for a client that already has it.
// - A request without an Authorization header gets `Cache-Control: public, max-age=0,
//   s-maxage=30`: browsers revalidate every time (ETag, so an unchanged answer is a body-less 304)
//   and a CDN in front may answer for 30 s; the origin then sees one request per URL per 30 s,
//   however many visitors. `CDN-Cache-Control` (RFC 9213, read by CDNs only) adds
//   stale-while-revalidate=300: the CDN may serve the old copy for 5 more minutes while it
//   fetches the new one. Not in Cache-Control: a browser would then show its own stale copy too
//   (without asking, even offline, where the app must use its saved copy and say so).
// - A request with an Authorization header gets `private, no-cache`: nothing shared keeps it,
//   whatever the response (these reads do not depend on the session today, but a signed-in
//   request never feeds a shared cache).
const PUBLIC = "public, max-age=0, s-maxage=30"
const CDN = "public, s-maxage=30, stale-while-revalidate=300"
const PRIVATE = "private, no-cache"
const compressed = require(`${__hooks}/lib/compressed.js`) // once per VM (lib/products-response.js)

/** @param {core.RequestEvent} e */
function anonymous(e) {
  return !e.request.header.get("Authorization")
}

/**
 * Cache-Control for a public read by this request (and, without a session, CDN-Cache-Control).
 * @param {core.RequestEvent} e
 * @param {(name: string, value: string) => void} [set] the response headers' `set`, if taken
 */
function publicRead(e, set) {
  if (!anonymous(e)) return PRIVATE
  ;(set || e.response.header().set)("CDN-Cache-Control", CDN)
  return PUBLIC
}

/**
 * True when the client's If-None-Match names `etag` (weak comparison, as for a GET).
 * @param {core.RequestEvent} e
 * @param {string} etag
 */
function notModified(e, etag) {
  const header = String(e.request.header.get("If-None-Match") || "")
  if (!header) return false
  const opaque = (/** @type {string} */ t) => t.replace(/^W\//, "")
  return header.split(",").some((t) => {
    const tag = t.trim()
    return tag === "*" || opaque(tag) === opaque(etag)
  })
}

/**
 * The ETag of a response body (text): its MD5, as a weak tag (the same content goes out gzip'd
 * or not, and a strong tag would have to differ between the two).
 * @param {string} text
 */
function etagOf(text) {
  return `W/"${$security.md5(text)}"`
}

/**
 * Answers a public read: `body` (Go bytes or a string) with its `etag`, or a 304 when the client
 * has it. `gz`: the body's gzip'd copy (lib/compressed.js), for a route without $apis.gzip; it
 * goes out instead of the body when the client accepts gzip (null: the body, uncompressed).
 * @param {core.RequestEvent} e
 * @param {string} contentType
 * @param {string | number[]} body
 * @param {string} etag
 * @param {number[] | null} [gz]
 */
function sendPublic(e, contentType, body, etag, gz) {
  const headers = e.response.header()
  publicHeaders(e, headers.set, etag)
  if (gz === undefined) return notModified(e, etag) ? e.noContent(304) : e.blob(200, contentType, body)
  if (!notModified(e, etag)) return compressed.send(e, contentType, body, gz, headers)
  compressed.vary(e, headers) // send() sets it on a 200
  return e.noContent(304)
}

/**
 * Answers a short public read (`body`, text) as it is, whatever the client accepts, or a 304. It
 * still varies by Accept-Encoding: a longer answer of the same URL goes out gzip'd.
 * @param {core.RequestEvent} e
 * @param {string} contentType
 * @param {string} body
 */
function sendPublicShort(e, contentType, body) {
  const etag = etagOf(body)
  const headers = e.response.header()
  publicHeaders(e, headers.set, etag)
  compressed.vary(e, headers)
  return notModified(e, etag) ? e.noContent(304) : e.blob(200, contentType, body)
}

/**
 * ETag and Cache-Control of a public read. (The response headers and their methods are taken once
 * per answer: goja wraps a Go method anew at every read of it, ~2 µs each.)
 * @param {core.RequestEvent} e
 * @param {(name: string, value: string) => void} set the response headers' `set`
 * @param {string} etag
 */
function publicHeaders(e, set, etag) {
  set("ETag", etag)
  set("Cache-Control", publicRead(e, set))
}

/**
 * Product images (GET /api/files/products/...): the file name changes with every upload, so the
 * bytes never do. An approved product's image, asked for without a session or file token, may be
 * kept a week by the browser and 5 minutes by a CDN (then revalidated: a product rejected or
 * deleted meanwhile stops being served from there within minutes); anything else is private.
 * @param {core.FileDownloadRequestEvent} e
 */
function fileCacheControl(e) {
  // the request and response sit on the embedded request event (not promoted in the JSVM, unlike
  // in Go and in the generated types: hence the cast)
  const re = /** @type {{ requestEvent: core.RequestEvent }} */ (/** @type {unknown} */ (e)).requestEvent
  const token = re.request.url.query().get("token")
  const open = !token && anonymous(re) && e.record && e.record.getString("status") === "approved"
  re.response
    .header()
    .set(
      "Cache-Control",
      open ? "public, max-age=604800, s-maxage=300, stale-while-revalidate=86400" : "private, max-age=3600",
    )
}

module.exports = { publicRead, notModified, etagOf, sendPublic, sendPublicShort, fileCacheControl, PUBLIC, PRIVATE }
