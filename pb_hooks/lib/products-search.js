// Turns what a visitor types in the search box into a safe SQLite FTS5 MATCH expression over
// products_fts (title, description, tag names, category name; tokenizer unicode61 with
// remove_diacritics, so 'educacao' and 'Educação' are the same token).
//
// Web-search syntax: words are all required; "exact phrase"; -word or -"phrase" excludes; OR
// between two terms accepts either (it binds tighter than the implicit AND, as on web search
// engines: `app jogo OR quiz` = app AND (jogo OR quiz)). FTS5 has no Portuguese stemmer, so each
// word is folded (lowercase, no accents), trimmed of plural and common endings, and matched as a
// prefix: 'aplicativos' -> "aplicativ"* finds 'aplicativo'. Phrases stay exact (accents aside).
//
// Safety: every term is reduced to [a-z0-9] runs and double-quoted, so no user input reaches FTS5
// as syntax (column filters `title:x`, NEAR(, *, ^, parentheses, quotes are all plain text or
// dropped). The expression is still passed as a bound parameter.
//
// Pure functions, no PocketBase globals: easy to reason about and to test in isolation.

const MAX_INPUT = 200
const MAX_TERMS = 12

// Folded Portuguese (and a few English) function words: dropped from plain-word terms, unless the
// query has nothing else.
const STOP_WORDS = {}
for (const w of (
  "a o e as os de da do das dos em no na nos nas um uma uns umas para pra por pelo pela com sem " +
  "que ou se ao aos the of and"
).split(" ")) {
  STOP_WORDS[w] = true
}

/** Lowercase without accents (NFD, then combining marks removed): 'Educação' -> 'educacao'. */
function fold(text) {
  return String(text)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
}

/** The searchable runs of a piece of text, as the FTS tokenizer would see them (Latin script). */
function runs(text) {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((r) => r.length > 0)
}

// Plural and derivational endings, first match wins; [ending, replacement]. Every result is a
// prefix of the word's other forms: educação/educações -> 'educac', animal/animais -> 'anim'.
const ENDINGS = [
  ["mente", ""],
  ["idades", ""],
  ["idade", ""],
  ["coes", "c"],
  ["cao", "c"],
  ["oes", ""],
  ["aes", ""],
  ["aos", ""],
  ["ais", "a"],
  ["eis", ""],
  ["ois", ""],
  ["ns", ""],
  ["res", "r"],
  ["zes", "z"],
  ["ses", "s"],
  ["s", ""],
]
const MIN_STEM = 3

/** A light Portuguese stemmer for prefix queries. Words of 3 letters or less, and numbers, stay. */
function stem(word) {
  if (word.length <= MIN_STEM || !/^[a-z]+$/.test(word)) return word
  let w = word
  for (const [ending, replacement] of ENDINGS) {
    if (w.endsWith(ending)) {
      const candidate = w.slice(0, w.length - ending.length) + replacement
      if (candidate.length >= MIN_STEM) {
        w = candidate
        break
      }
    }
  }
  // gender and thematic vowels: aplicativo/aplicativa -> aplicativ, gestão -> gest
  if (w.endsWith("ao") && w.length - 2 >= MIN_STEM) return w.slice(0, -2)
  if (/[aeo]$/.test(w) && w.length - 1 >= MIN_STEM) return w.slice(0, -1)
  return w
}

const quote = (s) => `"${s.replace(/"/g, '""')}"`

/**
 * Splits raw input into tokens: {kind: 'word'|'phrase', text, neg} and {kind: 'or'}.
 * An unterminated quote runs to the end of the input.
 */
function tokenize(input) {
  const s = String(input).slice(0, MAX_INPUT)
  const tokens = []
  let i = 0
  const isSpace = (ch) => /\s/.test(ch)
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

/** One token as an FTS5 string, or null when nothing searchable is left in it. */
function termOf(token) {
  const r = runs(token.text)
  if (r.length === 0) return null
  if (token.kind === "phrase") return { fts: quote(r.join(" ")), stop: false }
  const last = r.length - 1
  const words = r.map((w, k) => (k === last ? stem(w) : w))
  return { fts: quote(words.join(" ")) + "*", stop: r.length === 1 && STOP_WORDS[r[0]] === true }
}

/**
 * Parses a search string.
 * @returns {{kind: 'none'} | {kind: 'empty'} | {kind: 'match', match: string} | {kind: 'exclude', match: string}}
 *   none: blank input, no search; empty: input with nothing searchable (no results);
 *   match: products matching `match`; exclude: every product except those matching `match`.
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
  const group = (g) => (g.length === 1 ? g[0].fts : `(${g.map((t) => t.fts).join(" OR ")})`)
  const positive = kept.map(group).join(" AND ")
  const negative = negatives.map((t) => t.fts)

  if (positive && negative.length === 0) return { kind: "match", match: positive }
  if (positive) return { kind: "match", match: `(${positive}) NOT ${negative.join(" NOT ")}` }
  if (negative.length > 0) return { kind: "exclude", match: negative.join(" OR ") }
  return { kind: "empty" }
}

module.exports = { parse, stem, fold, runs, tokenize }
