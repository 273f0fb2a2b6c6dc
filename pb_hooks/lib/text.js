// @ts-check
/// <reference path="../types/types.d.ts" />
// Text rules shared by the server (pb_hooks require it) and the app (Vite imports this CommonJS
// file), so both sides count and refuse the same way:
// - lengths are user-perceived characters (grapheme clusters, simplified: combining marks,
//   variation selectors, emoji modifiers, zero-width joiner sequences, keycaps, tag sequences and
//   flag pairs stay one character), so a 60-emoji title is 60, not 120;
// - null bytes and other control characters are refused, and so is text made only of spaces and
//   invisible characters (zero-width, bidi controls, fillers);
// - one rule for a product URL;
// - tags typed as 'design, marketing' are two tags.
// Written for PocketBase's JS engine too: no Intl, no regex property escapes.

/** @typedef {{ [key: string]: string }} Messages rules.json's messages */

/**
 * Code points of `s` (surrogate pairs joined).
 * @param {string} s
 */
function codePoints(s) {
  const out = []
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        out.push((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000)
        i++
        continue
      }
    }
    out.push(c)
  }
  return out
}

/** @type {(cp: number, ranges: number[]) => boolean} */
const inRanges = (cp, ranges) => {
  for (let i = 0; i < ranges.length; i += 2) if (cp >= ranges[i] && cp <= ranges[i + 1]) return true
  return false
}

// combining marks and other code points that extend the character before them
const EXTEND = [
  0x0300, 0x036f, 0x0483, 0x0489, 0x0591, 0x05bd, 0x0610, 0x061a, 0x064b, 0x065f, 0x0900, 0x0903, 0x093a, 0x094f,
  0x0e31, 0x0e31, 0x0e34, 0x0e3a, 0x0e47, 0x0e4e, 0x1ab0, 0x1aff, 0x1dc0, 0x1dff, 0x200c, 0x200c, 0x20d0, 0x20ff,
  0xfe00, 0xfe0f, 0xfe20, 0xfe2f, 0x1f3fb, 0x1f3ff, 0xe0020, 0xe007f, 0xe0100, 0xe01ef,
]
const ZWJ = 0x200d
const isRegional = (/** @type {number} */ cp) => cp >= 0x1f1e6 && cp <= 0x1f1ff

/**
 * User-perceived characters in `s`.
 * @param {string} s
 */
function graphemeCount(s) {
  const cps = codePoints(String(s ?? ""))
  let count = 0
  let joinNext = false
  let regionalRun = 0
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]
    if (i > 0 && (joinNext || cp === ZWJ || inRanges(cp, EXTEND))) {
      joinNext = cp === ZWJ
      continue
    }
    if (isRegional(cp)) {
      regionalRun += 1
      if (regionalRun % 2 === 0) continue // the second half of a flag
    } else regionalRun = 0
    joinNext = false
    count += 1
  }
  return count
}

// never visible on their own: spaces of every kind, zero-width and bidi controls, fillers
const INVISIBLE = [
  0x0009, 0x000d, 0x0020, 0x0020, 0x0085, 0x0085, 0x00a0, 0x00a0, 0x00ad, 0x00ad, 0x034f, 0x034f, 0x061c, 0x061c,
  0x115f, 0x1160, 0x1680, 0x1680, 0x17b4, 0x17b5, 0x180b, 0x180f, 0x2000, 0x200f, 0x2028, 0x202f, 0x205f, 0x206f,
  0x2800, 0x2800, 0x3000, 0x3000, 0x3164, 0x3164, 0xfe00, 0xfe0f, 0xfeff, 0xfeff, 0xffa0, 0xffa0, 0x1d173, 0x1d17a,
  0xe0000, 0xe007f, 0xe0100, 0xe01ef,
]
// control characters that no text field takes (line breaks and tabs are allowed)
const CONTROL = [0x0000, 0x0008, 0x000b, 0x000c, 0x000e, 0x001f, 0x007f, 0x009f]

/**
 * True when `s` holds a null byte or another control character (not tab or line breaks).
 * @param {string} s
 */
function hasControl(s) {
  return codePoints(String(s ?? "")).some((cp) => inRanges(cp, CONTROL))
}

/**
 * True when `s` is empty once spaces and invisible characters are taken out.
 * @param {string} s
 */
function isInvisible(s) {
  return codePoints(String(s ?? "")).every((cp) => inRanges(cp, INVISIBLE) || cp === 0x0a)
}

// text with nothing but tab, line breaks, printable ASCII, Latin-1 and Latin Extended-A/B and
// the IPA and spacing modifier blocks (no combining mark, no surrogate, no control character)
const SIMPLE = /^[\t\n\r\x20-\x7e\u00a0-\u02ff]*$/
// such text made only of what isInvisible counts as invisible
const BLANK = /^[\t\n\r \u00a0\u00ad]*$/

/**
 * What is wrong with a text field, or "": control characters, only invisible characters (when
 * anything is required), or its length in user-perceived characters out of [min, max].
 * `m` is rules.json's messages; `minMessage` / `maxMessage` the field's own.
 * @param {string} value
 * @param {number} min
 * @param {number} max
 * @param {string} minMessage
 * @param {string} maxMessage
 * @param {Messages} m
 */
function textProblem(value, min, max, minMessage, maxMessage, m) {
  const s = String(value ?? "")
  // most text (Portuguese, English) is all Latin-1 and Latin Extended: no control character,
  // every code unit a character of its own, invisible only when all spaces, told by two regular
  // expressions (the walk over code points below cost ~0.4 ms for a comment in PocketBase's JS)
  const simple = SIMPLE.test(s)
  if (!simple && hasControl(s)) return m.textControl
  const n = simple ? s.length : graphemeCount(s)
  if (n > 0 && (simple ? BLANK.test(s) : isInvisible(s))) return m.textInvisible
  if (min > 0 && n < min) return minMessage
  if (n > max) return maxMessage
  return ""
}

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i
// scheme://host[:port][/path?query#fragment] with nothing blank, no user@ part and no IP-v6
// literal; the host is a name with a dot (or an IPv4 address), each label letters, digits or '-'
const HTTP_URL_RE = /^https?:\/\/([^\s/?#@:[\]]+)(?::(\d{1,5}))?(?:[/?#][^\s]*)?$/i
const LABEL_RE = /^(?!-)[a-z0-9\u00a1-\uffff-]{1,63}(?<!-)$/i

/**
 * The one URL rule (rules.json messages): '' when `url` is a link the app takes. No scheme
 * ('exemplo.com') is not a URL; a scheme other than http(s) is a URL the app does not take.
 * @param {string} url
 * @param {number} maxLength
 * @param {Messages} m
 */
function urlProblem(url, maxLength, m) {
  const s = String(url ?? "").trim()
  const scheme = SCHEME_RE.exec(s)
  if (!scheme) return m.urlInvalid
  const name = scheme[1].toLowerCase()
  if (name !== "http" && name !== "https") return m.urlScheme
  if (s.length > maxLength || hasControl(s)) return m.urlInvalid
  const parts = HTTP_URL_RE.exec(s)
  if (!parts) return m.urlInvalid
  const port = parts[2]
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return m.urlInvalid
  const labels = parts[1].replace(/\.$/, "").split(".")
  if (labels.length < 2 || labels.some((l) => !LABEL_RE.test(l))) return m.urlInvalid
  return ""
}

/**
 * Tag names as typed ('Design, Marketing' -> ['design', 'marketing']): trimmed, lowercased.
 * @param {string} raw
 */
function splitTags(raw) {
  return String(raw ?? "")
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== "")
}

module.exports = { graphemeCount, hasControl, isInvisible, textProblem, urlProblem, splitTags }
