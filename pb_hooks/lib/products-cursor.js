// @ts-check
/// <reference path="../types/types.d.ts" />
// The cursors of the listing (lib/products-query.js) and the ranking (lib/ranking.js): base64url
// JSON, opaque to clients, checked field by field on the way back in, so a cursor this server did
// not issue for that sort (or that ranking) is refused.
//   recent: { m, a: published_at, i: id }   top: { m, v: vote_count, a, i }
//   relevance: { m, s: snapshot time, r: last FTS key, t: index used, and o: offset in the window
//              (< the window's size), or b: after the window, the key the next page starts below }
//   rank: { m, c: launch column, k: period key, v: vote_count, a, i, r: rows before the page }

/**
 * A cursor's fields (which ones depends on `m`, see above).
 * @typedef {{ m: string, a?: string, i?: string, v?: number, s?: string, r?: number, o?: number, t?: number, b?: number, c?: string, k?: string }} Cursor
 */

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// Per-character work is slow in the JS VM (a cursor of ~80 characters took 0.08 ms to encode, a
// twentieth of a search at 100,000 products), so each 3-character group's 4 characters (and back)
// are kept once computed, a bounded number of them per VM: cursors share most of their groups.
const MEMO_MAX = 4096
/** @type {Map<string, string>} */
const encoded = new Map()
/** @type {Map<string, string | null>} */
const decoded = new Map()

/**
 * `map`'s value for `key`, computed by `make` and kept while the map holds fewer than MEMO_MAX.
 * @template T
 * @param {Map<string, T>} map
 * @param {string} key
 * @param {(key: string) => T} make
 * @returns {T}
 */
function memo(map, key, make) {
  let value = map.get(key)
  if (value === undefined) {
    value = make(key)
    if (map.size < MEMO_MAX) map.set(key, value)
  }
  return value
}

/**
 * base64url of 1-3 ASCII characters.
 * @param {string} group
 */
function encodeGroup(group) {
  const n = (group.charCodeAt(0) << 16) | ((group.charCodeAt(1) || 0) << 8) | (group.charCodeAt(2) || 0)
  let out = B64[(n >> 18) & 63] + B64[(n >> 12) & 63]
  if (group.length > 1) out += B64[(n >> 6) & 63]
  if (group.length > 2) out += B64[n & 63]
  return out
}

/**
 * The 1-3 characters of 2-4 base64url characters; null when one is not base64url.
 * @param {string} chunk
 */
function decodeGroup(chunk) {
  let n = 0
  for (let k = 0; k < 4; k++) {
    const v = k < chunk.length ? B64.indexOf(chunk[k]) : 0
    if (v < 0) return null
    n = (n << 6) | v
  }
  let out = String.fromCharCode((n >> 16) & 255)
  if (chunk.length > 2) out += String.fromCharCode((n >> 8) & 255)
  if (chunk.length > 3) out += String.fromCharCode(n & 255)
  return out
}

/**
 * base64url of an ASCII string (the cursor's JSON has no other characters).
 * @param {string} text
 */
function encodeBase64Url(text) {
  let out = ""
  for (let i = 0; i < text.length; i += 3) out += memo(encoded, text.slice(i, i + 3), encodeGroup)
  return out
}

/**
 * The text of a base64url string; null when it is not one.
 * @param {string} s
 */
function decodeBase64Url(s) {
  if (s.length % 4 === 1) return null
  let out = ""
  for (let i = 0; i < s.length; i += 4) {
    const group = memo(decoded, s.slice(i, i + 4), decodeGroup)
    if (group === null) return null
    out += group
  }
  return out
}

/**
 * The cursor's JSON, any non-ASCII character escaped (\\uXXXX), as base64url.
 * @param {Cursor} c
 */
function encodeCursor(c) {
  const ascii = JSON.stringify(c).replace(
    /[\u0080-\uffff]/g,
    (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"),
  )
  return encodeBase64Url(ascii)
}

const DATE_RE = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/
const ID_RE = /^[A-Za-z0-9_]{1,64}$/

/**
 * The cursor's JSON value, or null when it is not base64url JSON.
 * @param {string} raw
 * @returns {Cursor | null}
 */
function parseCursor(raw) {
  try {
    return JSON.parse(decodeBase64Url(raw) || "null")
  } catch (_) {
    return null
  }
}

/**
 * The decoded cursor for `mode`, or null when it is not one this server issued for that mode.
 * @param {string} raw
 * @param {string} mode
 * @param {number} relevanceWindow
 * @returns {Cursor | null}
 */
function decodeCursor(raw, mode, relevanceWindow) {
  const c = parseCursor(raw)
  if (!c || typeof c !== "object" || c.m !== mode) return null
  if (mode === "relevance") {
    const ok =
      typeof c.s === "string" &&
      DATE_RE.test(c.s) &&
      Number.isInteger(c.r) &&
      c.r >= 0 &&
      (c.t === undefined || c.t === 0 || c.t === 1) &&
      (c.b === undefined
        ? Number.isInteger(c.o) && c.o > 0 && c.o < relevanceWindow
        : c.o === undefined && Number.isInteger(c.b) && c.b > 0)
    return ok ? c : null
  }
  if (typeof c.a !== "string" || !DATE_RE.test(c.a) || typeof c.i !== "string" || !ID_RE.test(c.i)) return null
  if (mode === "top" && !Number.isInteger(c.v)) return null
  return c
}

/**
 * The decoded cursor of the ranking of `column` and `key`, or null.
 * @param {string} raw
 * @param {string} column
 * @param {string} key
 * @returns {Cursor | null}
 */
function decodeRankCursor(raw, column, key) {
  const c = parseCursor(raw)
  const ok =
    c &&
    typeof c === "object" &&
    c.m === "rank" &&
    c.c === column &&
    c.k === key &&
    Number.isInteger(c.v) &&
    typeof c.a === "string" &&
    c.a !== "" &&
    DATE_RE.test(c.a) &&
    typeof c.i === "string" &&
    ID_RE.test(c.i) &&
    Number.isInteger(c.r) &&
    c.r > 0
  return ok ? c : null
}

module.exports = { encodeBase64Url, decodeBase64Url, encodeCursor, decodeCursor, decodeRankCursor }
