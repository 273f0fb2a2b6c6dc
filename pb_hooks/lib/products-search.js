// @ts-check
/// <reference path="../types/types.d.ts" />
// Turns what a visitor types in the search box into a safe SQLite FTS5 MATCH expression over
// products_fts (title, description, tag names, category name), and turns product text into what
// that table indexes.
//
// Web-search syntax: words are all required; "exact phrase"; -word or -"phrase" excludes; OR
// between two terms accepts either (it binds tighter than the implicit AND, as on web search
// engines: `app jogo OR quiz` = app AND (jogo OR quiz)).
//
// Word forms: FTS5 has no Portuguese stemmer, so the stemming happens here, the same way on both
// sides. Product text is stored stemmed (stemText: folded, lowercase, no accents, each word
// reduced by stem(); hooks in search.pb.js write it into hidden fields that the FTS triggers
// index), and every query word is stemmed alike and matched as a whole token: 'aplicativos',
// 'aplicativo' and 'aplicativa' are all the token 'aplicativ'. A whole-token match reads one
// index entry and can stop early; a prefix query ("aplicativ"*) had to merge every term that
// starts with it, which grew with the catalogue. Phrases are exact in word order, the forms of
// their words aside. A word typed halfway ('aplic') is not a word: it finds nothing until the
// word is complete.
//
// Safety: every term is reduced to [a-z0-9] runs and double-quoted, so no user input reaches FTS5
// as syntax (column filters `title:x`, NEAR(, *, ^, parentheses, quotes are all plain text or
// dropped). The expression is still passed as a bound parameter.
//
// Pure functions, no PocketBase globals (stampRecord only calls the record it is given): easy to
// reason about and to test in isolation.

const MAX_INPUT = 200
const MAX_TERMS = 12

/** @typedef {{ kind: "word" | "phrase" | "or", text?: string, neg?: boolean }} Token a piece of the input */

// Folded Portuguese (and a few English) function words: dropped from plain-word terms, unless the
// query has nothing else.
/** @type {{ [word: string]: boolean }} */
const STOP_WORDS = {}
for (const w of (
  "a o e as os de da do das dos em no na nos nas um uma uns umas para pra por pelo pela com sem " +
  "que ou se ao aos the of and"
).split(" ")) {
  STOP_WORDS[w] = true
}

/**
 * Lowercase without accents (NFD, then combining marks removed): 'Educação' -> 'educacao'.
 * @param {string} text
 */
function fold(text) {
  return String(text)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
}

/**
 * The searchable runs of a piece of text, as the FTS tokenizer would see them (Latin script).
 * @param {string} text
 */
function runs(text) {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((r) => r.length > 0)
}

// 1. Plural to singular, first match wins: ações/pães/mãos -> ...ao, animais -> animal,
// papéis -> papel, lençóis -> lençol, azuis -> azul, jardins -> jardim, aplicativos -> aplicativo.
const PLURALS = [
  ["oes", "ao"],
  ["aes", "ao"],
  ["aos", "ao"],
  ["ais", "al"],
  ["eis", "el"],
  ["ois", "ol"],
  ["uis", "ul"],
  ["ns", "m"],
  ["s", ""],
]
// 2. Derivational endings of the singular, first match wins: rapidamente -> rapida,
// comunidade -> comun, educacao -> educac, gestao -> gest, animal -> anim, facel (facil) -> fac.
const ENDINGS = [
  ["mente", ""],
  ["idade", ""],
  ["cao", "c"],
  ["ao", ""],
  ["al", ""],
  ["el", ""],
  ["ol", ""],
  ["ul", ""],
]
const MIN_STEM = 3

/**
 * @param {string} word
 * @param {string[][]} rules
 */
function strip(word, rules) {
  for (const [ending, replacement] of rules) {
    if (word.endsWith(ending)) {
      const candidate = word.slice(0, word.length - ending.length) + replacement
      return candidate.length >= MIN_STEM ? candidate : word
    }
  }
  return word
}

/**
 * A light Portuguese stemmer, applied alike to product text and to queries: every form of a word
 * becomes the same token (educação/educações -> 'educac', jogo/jogos -> 'jog', fácil/fáceis ->
 * 'fac'). Words of 3 letters or less, and anything with digits, stay as they are.
 * @param {string} word
 */
function stem(word) {
  if (word.length <= MIN_STEM || !/^[a-z]+$/.test(word)) return word
  let w = strip(word, PLURALS)
  // -il and -el share the plural -eis (fácil/fáceis, papel/papéis): one form for both
  if (w.endsWith("il")) w = w.slice(0, -2) + "el"
  w = strip(w, ENDINGS)
  // gender and thematic vowels: aplicativo/aplicativa -> aplicativ
  if (/[aeo]$/.test(w) && w.length - 1 >= MIN_STEM) w = w.slice(0, -1)
  return w
}

/**
 * Product text as the search index holds it: its words folded and stemmed, in order.
 * @param {string} text
 */
function stemText(text) {
  return runs(text).map(stem).join(" ")
}

/**
 * The fields whose stemmed copy (hidden field `search_<name>`) the index reads, per collection.
 * @type {{ [collection: string]: string[] }}
 */
const INDEXED = { products: ["title", "description"], tags: ["name"], categories: ["name"] }

/**
 * Writes the stemmed copies of a product, tag or category record about to be saved.
 * @param {core.Record} record
 */
function stampRecord(record) {
  for (const field of INDEXED[record.collection().name] || []) {
    record.set(`search_${field}`, stemText(record.getString(field)))
  }
}

const quote = (/** @type {string} */ s) => `"${s.replace(/"/g, '""')}"`

/**
 * Splits raw input into tokens: {kind: 'word'|'phrase', text, neg} and {kind: 'or'}.
 * An unterminated quote runs to the end of the input.
 * @param {string} input
 */
function tokenize(input) {
  const s = String(input).slice(0, MAX_INPUT)
  /** @type {Token[]} */
  const tokens = []
  let i = 0
  const isSpace = (/** @type {string} */ ch) => /\s/.test(ch)
  while (i < s.length) {
    while (i < s.length && isSpace(s[i])) i++
    if (i >= s.length) break
    let neg = false
    if (s[i] === "-" && i + 1 < s.length && !isSpace(s[i + 1])) {
      neg = true
      i++
    }
    if (s[i] === '"') {
      const end = s.indexOf('"', i + 1)
      const stop = end === -1 ? s.length : end
      tokens.push({ kind: "phrase", text: s.slice(i + 1, stop), neg })
      i = stop + 1
      continue
    }
    let j = i
    while (j < s.length && !isSpace(s[j]) && s[j] !== '"') j++
    const text = s.slice(i, j)
    i = j
    if (text === "OR" && !neg) tokens.push({ kind: "or" })
    else tokens.push({ kind: "word", text, neg })
  }
  return tokens
}

/**
 * One token as an FTS5 string (whole stemmed tokens; a word with several runs, 'no-code', is the
 * phrase "no code"), or null when nothing searchable is left in it.
 * @param {Token} token
 */
function termOf(token) {
  const r = runs(token.text)
  if (r.length === 0) return null
  const fts = quote(r.map(stem).join(" "))
  return { fts, stop: token.kind === "word" && r.length === 1 && STOP_WORDS[r[0]] === true }
}

/**
 * Parses a search string.
 * @returns {{kind: 'none'} | {kind: 'empty'} | {kind: 'match', match: string} | {kind: 'exclude', match: string}}
 *   none: blank input, no search; empty: input with nothing searchable (no results);
 *   match: products matching `match`; exclude: every product except those matching `match`.
 * @param {string} input
 */
function parse(input) {
  if (String(input || "").trim() === "") return { kind: "none" }
  const groups = [] // AND of ORs: [[term, term], [term]]
  const negatives = []
  let pendingOr = false
  for (const token of tokenize(input)) {
    if (token.kind === "or") {
      pendingOr = groups.length > 0
      continue
    }
    const term = termOf(token)
    if (!term) continue
    if (token.neg) {
      if (!term.stop && negatives.length < MAX_TERMS) negatives.push(term)
      pendingOr = false
      continue
    }
    if (pendingOr) groups[groups.length - 1].push(term)
    else if (groups.length < MAX_TERMS) groups.push([term])
    pendingOr = false
  }

  // drop stop-word-only groups when something else is required
  const meaningful = groups.filter((g) => g.some((t) => !t.stop))
  const kept = meaningful.length > 0 ? meaningful : groups
  const group = (/** @type {{ fts: string, stop: boolean }[]} */ g) =>
    g.length === 1 ? g[0].fts : `(${g.map((t) => t.fts).join(" OR ")})`
  const positive = kept.map(group).join(" AND ")
  const negative = negatives.map((t) => t.fts)

  if (positive && negative.length === 0) return { kind: "match", match: positive }
  if (positive) return { kind: "match", match: `(${positive}) NOT ${negative.join(" NOT ")}` }
  if (negative.length > 0) return { kind: "exclude", match: negative.join(" OR ") }
  return { kind: "empty" }
}

module.exports = { parse, stem, stemText, stampRecord, fold, runs, tokenize }
