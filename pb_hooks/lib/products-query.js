// @ts-check
/// <reference path="../types/types.d.ts" />
// The listing's query (GET /api/vitrine/products and search, answered from the response cache by
// lib/products-response.js): parameters, filters, the relevance window and pages. Custom routes
// skip API rules, so visibility is repeated in the SQL: only approved products are listed.
//
// Each listing page is one SQL statement, plus, sorted by date or by votes, the count on a first
// page that has a next one (lib/products-facets.js; a relevance window counts itself in its page's
// statement); the first page of a relevance search also reads the newest FTS key, an O(1)
// lookup, for its snapshot (with, in the same statement, whether older matches than the recent
// index holds exist), and asks the full index after the recent one when the recent one holds less
// than a page. In the statement, an inner query (a co-routine, whose order the outer ORDER BY
// takes without sorting again) picks the page's ids in order (indexes idx_products_approved_recent
// / _top; a search: FTS5, with bm25 by relevance, else by its key rows' publication or votes), and
// the outer one builds each card's JSON in SQLite (lib/products-cards.js). The JS side only
// concatenates the rows: no object mapping.
//
// Pagination (cursor = base64url JSON, opaque to clients, lib/products-cursor.js):
// - sort recent / top: keyset on (published_at, id) / (vote_count, published_at, id). Products
//   approved between pages land before the cursor, so pages never repeat or skip one.
// - search relevance: offset plus a snapshot (time and last FTS key); products published or
//   submitted after the first page are left out of the following pages, so offsets stay stable.
//   (Approval does not change bm25 statistics: pending products are already in the FTS table.)
//   After the window, keyset on the full-text key, under the same snapshot.
//
// Relevance at scale: bm25 scores every row it is asked about, and each scored row costs reads,
// so relevance ranks a window of at most RELEVANCE_WINDOW (96, four pages) matches: the most recently
// submitted public ones that pass the filters (FTS5 walks its index newest first and stops
// there; the public check reads products_fts_keys.pub, not the wide product row, and the same key
// row gives the vote count and publication that break ties), taken from the newest 5,000
// products when those hold at least a page of matches (products_fts_recent), else from all. The
// pages after the window list the matches it did not rank (past its 96, or older than the newest
// 5,000), newest first, with a key cursor (b); its count says how many it ranks, and "more" when
// others follow. bm25 also reads, once per query, how many documents hold each term: over the
// recent index that read is bounded too. sort=recent / sort=top list every match, in that order
// (with many matches, the page is found among a few of the newest or most-voted: sortedFromFew).
// Queries match whole stemmed tokens (lib/products-search.js), so FTS5 reads one index entry per
// term and can stop early: the cost of a search depends on the window, not on the size of the
// catalogue.

const DEFAULT_LIMIT = 24
const MAX_LIMIT = 48
// bm25 weights per full-text column: title, description, tags, category
const BM25_WEIGHTS = "10.0, 1.0, 5.0, 3.0"
// Each candidate costs its bm25 score and two index reads: the window is what a search costs once
// the catalogue is large (300 made a search at 100,000 products twice the cost of one at 1,000;
// with 150, the bench's searches at 4 connections answered 82% as many a second as with 1,000
// products, with 96, 90%). The matches past it still follow, newest first.
const RELEVANCE_WINDOW = 96
// the full index, and the one of the newest RECENT_KEYS products (migration 1795313510_search_stems.js)
const FTS_TABLES = ["products_fts", "products_fts_recent"]
const RECENT_KEYS = 5000
const NO_RESULTS = '{"items":[],"nextCursor":null,"total":0,"totalMore":false}'
// A relevance page's columns from the key row (k): the id, publication and vote count that order
// the window, and the other counters of the card (migration 1795313870_fts_keys_counters.js), so
// the cards are built without reading each product's row (lib/products-cards.js queryCards).
const KEY_COLUMNS = "k.id AS id, k.pub AS pa, k.vc AS vc, k.vw AS vw, k.ck AS ck, k.cm AS cm"

const util = require(`${__hooks}/lib/util.js`)
const { param, sqlInt } = util

function cursors() {
  return require(`${__hooks}/lib/products-cursor.js`)
}

// Prepared statements (compiled once per connection, not per query) for the lookups whose text is
// fixed or one per combination of filters: the newest key with the check for older matches, and
// the key the pages after a window start below.
// Compiling took longer than running them (0.17 and 0.30 ms by dbx at 100,000 products, 0.09 and
// 0.15 prepared). A page's own statement stays with dbx, reading its rows one by one through a
// prepared statement cost more in the JS VM than compiling it, except for the listings without a
// search, read as one row (lib/products-cards.js pageRows).
function statements() {
  return require(`${__hooks}/lib/statements.js`)
}

/** @param {string} v */
const isTrue = (v) => v === "true" || v === "1"

// ---------- parameters ----------

/**
 * A page size asked for (text): 1-48, the default when absent or not a number.
 * @param {string} raw
 */
function pageLimit(raw) {
  const parsed = parseInt(raw, 10)
  return isNaN(parsed) ? DEFAULT_LIMIT : Math.max(1, Math.min(MAX_LIMIT, parsed))
}

/**
 * Reads and normalizes the listing's query parameters. Unknown sorts fall back to the default;
 * limit is clamped to 1-48. Sort: `top` / `recent` when given; otherwise relevance when searching,
 * else recent.
 * @param {{ [name: string]: unknown }} query
 */
function listParams(query) {
  const search = param(query, "search")
  const sortParam = param(query, "sort")
  const sort = sortParam === "top" || sortParam === "recent" ? sortParam : ""
  const limit = pageLimit(param(query, "limit"))
  const fts = require(`${__hooks}/lib/products-search.js`).parse(search)
  const mode = sort || (fts.kind === "match" ? "relevance" : "recent")
  return {
    mode,
    fts,
    category: param(query, "category"),
    tag: param(query, "tag"),
    lovable: isTrue(param(query, "lovable")),
    epic: isTrue(param(query, "epic")),
    maker: param(query, "maker"),
    following: isTrue(param(query, "following")),
    cursor: param(query, "cursor"),
    limit,
  }
}

/**
 * The listing's parameters; `me`: the signed-in caller, for the 'Seguindo' feed.
 * @typedef {ReturnType<typeof listParams> & { me?: string }} ListParams
 */

/**
 * The cache key: every parameter that changes the answer, normalized.
 * @param {ListParams} p
 */
function cacheKey(p) {
  const q = p.fts.kind === "match" || p.fts.kind === "exclude" ? p.fts.kind + ":" + p.fts.match : p.fts.kind
  return ["list", p.mode, q, p.category, p.tag, p.lovable ? 1 : 0, p.epic ? 1 : 0, p.maker, p.cursor, p.limit].join(
    "\u0001",
  )
}

/**
 * The newest full-text key `r` (the relevance snapshot leaves later submissions out), the largest
 * key ever given, `ever` (keys are AUTOINCREMENT: while it is at most RECENT_KEYS, no product was
 * ever pushed out of the recent index, which then holds every product), and, once products have
 * been pushed out of it, whether the full index holds public matches of the search among them
 * (`older`: keys up to ever - RECENT_KEYS, public as of the snapshot, under the filters).
 * One prepared statement for the three (one text per combination of filters): the first page of
 * a relevance search reads them before its window. `older` is what its count says when the
 * window holds every match of the recent index ("more than N"). Asked in a statement of its own,
 * after the page, it cost a second trip through the JS VM (~0.05 ms, whatever the statement
 * reads); folded into the page's statement, which is compiled at every request, 0.12 ms. Asked
 * here, it is also asked when the count will not need it (a window of more than 96 matches):
 * FTS5 stops at the first match.
 * @param {core.App} app
 * @param {(bound: string) => string} matchesUpTo `FROM ... WHERE ...` of the public matches with
 *   keys up to the SQL expression `bound`
 * @param {{ [name: string]: unknown }} bind with q and snap
 */
function ftsKeys(app, matchesUpTo, bind) {
  const st = statements()
  const q = st.positional(
    "SELECT s.r AS r, s.ever AS ever, " +
      `CASE WHEN s.ever > ${RECENT_KEYS} THEN EXISTS (SELECT 1 ${matchesUpTo(`s.ever - ${RECENT_KEYS}`)}) ` +
      "ELSE 0 END AS older FROM (SELECT COALESCE(MAX(rid), 0) AS r, " +
      "COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'products_fts_keys'), 0) AS ever FROM products_fts_keys) s",
    bind,
  )
  const row = st.one(app, q.sql, q.args, ["r", "ever", "older"])
  return row ? { r: Number(row.r), ever: Number(row.ever), older: row.older === "1" } : { r: 0, ever: 0, older: false }
}

/**
 * The listing's filters on the product row `p` (besides being approved), as SQL conditions; their
 * values go into `bind`. `skip`: a filter left out (the facets count a category's products under
 * every other active filter). A search's exclusion (-word) is one of them; its matches are not.
 * `counting`: for a count or a grouping of every match rather than one page.
 * @param {ListParams} p
 * @param {{ [name: string]: unknown }} bind
 * @param {string} [skip]
 * @param {boolean} [counting]
 * @returns {string[]}
 */
function filterClauses(p, bind, skip, counting) {
  const filters = []
  if (p.category && skip !== "category") {
    filters.push("p.category = {:category}")
    bind.category = p.category
  }
  if (p.tag && skip !== "tag") {
    // a page walks the newest products and checks each for the tag (it stops after a page); a
    // count reads the tag's products from its index instead (walking until 1,000 matches of a tag
    // on 2% of 100,000 products took 130 ms; from the index, 4 ms)
    filters.push(
      counting
        ? "p.id IN (SELECT ft.product FROM product_tags ft WHERE ft.tag = {:tag})"
        : "EXISTS (SELECT 1 FROM product_tags ft WHERE ft.product = p.id AND ft.tag = {:tag})",
    )
    bind.tag = p.tag
  }
  if (p.lovable) filters.push("p.built_with_lovable = TRUE")
  if (p.epic) filters.push("p.built_with_epic = TRUE")
  if (p.maker) {
    filters.push("p.created_by = {:maker}")
    bind.maker = p.maker
  }
  if (p.following) {
    // the 'Seguindo' feed: makers the caller follows (list() checked the caller is signed in)
    filters.push("p.created_by IN (SELECT f.maker FROM follows f WHERE f.follower = {:me})")
    bind.me = p.me
  }
  if (p.fts.kind === "match" || p.fts.kind === "exclude") bind.q = p.fts.match
  if (p.fts.kind === "exclude") filters.push(`p.id NOT IN (${MATCHING_SQL})`)
  return filters
}

/** Ids of the products matching the search {:q} (an exclusion's: public or not). */
const MATCHING_SQL =
  "SELECT k.id FROM products_fts f JOIN products_fts_keys k ON k.rid = f.rowid WHERE products_fts MATCH {:q}"

// A search sorted by date or by votes with at least MANY matches is paged from the newest or the
// most-voted public products (sortedFromFew). Below that, sorting every match costs less than the
// reads that pick those products (0.7 µs a match; the count up to MANY, 0.1 µs a match).
// VITRINE_SORTED_MANY lowers it (the tests take that way with a few dozen products).
const MANY = Math.max(1, parseInt($os.getenv("VITRINE_SORTED_MANY") || "", 10) || 2000)
// the newest keys whose matches say how often a search matches among recent products
const SAMPLE_KEYS = 4096
// By votes, a search that matches often enough walks the most-voted products and asks FTS5 of
// each whether it matches, until a page (sortedFromFew, 3.). Each product walked costs ~40-50 µs
// (an FTS5 query of its own: the expression parsed, each term sought in each segment), each match
// the other way ~0.2-0.3 µs (measured at 100,000 products): the walk is taken when its expected
// cost, (page + 1) / rate products, is below that of reading every match, rate x catalogue.
// VITRINE_SORTED_WALK (the ratio of the two costs) lets the tests take it with a few dozen products.
const WALK_COST = Math.max(1, parseInt($os.getenv("VITRINE_SORTED_WALK") || "", 10) || 170)
// the most products a walk reads (its cost when it falls short: the rate said more would match)
const WALK_MAX = 256

/**
 * The condition that keeps a page by votes below its cursor ({:cv}, {:ca}, {:ci}), on the product
 * row's columns (with `prefix`, its alias and a dot), or "" on a first page.
 * @param {{ [name: string]: any }} bind
 * @param {string} prefix
 */
const votesBelow = (bind, prefix) =>
  bind.cv !== undefined ? `AND (${prefix}vote_count, ${prefix}published_at, ${prefix}id) < ({:cv}, {:ca}, {:ci}) ` : ""

/**
 * A search's page by date or by votes, from a few of the newest or most-voted public products
 * (null when the page's statement found FTS5 refusing the expression, undefined when the page is
 * not found this way: the caller then sorts every match). Asked through pageBody's guarded, which
 * makes a refusal here no results, as for every other search statement.
 *
 * Sorting every match reads each one's key row for its publication or votes: 'jogo OR quiz' at
 * 100,000 products has 35,000 matches, 26 ms. Instead:
 * 1. count the matches up to MANY (FTS5 alone, no key row); fewer: undefined. Else count those
 *    among the newest SAMPLE_KEYS keys: how often recent products match (at least as often as
 *    MANY in the catalogue). The first K public products in the page's order (below the cursor;
 *    K a power of two, ~2.5 pages' worth of matches at that rate) should hold more than a page;
 * 2. by date, a product's full-text key is given at submission and it is published at its
 *    approval, so the newest publications hold a narrow range of keys: read the first K of
 *    idx_products_fts_keys_pub for their lowest and highest key and the oldest publication among
 *    them, `edge`, and, in the same statement (one snapshot), ask FTS5 for the matches between
 *    those two keys only, published after `edge`. Every public product published after `edge` is
 *    among the K, so its key is in the range (a product published at `edge` itself is left out:
 *    ties at the edge never split). A product approved long after it was sent widens the range
 *    while it is among the K: by the keys given meanwhile (the submissions of that time), not by
 *    the catalogue;
 * 3. by votes, keys say nothing of votes: when the search matches often (walking costs less than
 *    reading every match, WALK_COST), walk the most-voted public products in order, asking FTS5
 *    of each whether it matches, until a page and one row more, at most WALK_MAX products ('jogo
 *    OR quiz' at 100,000 products, rate 0.35: ~70 products, 2.8-3.3 ms in the JS VM against 6.4-6.6
 *    for the K's way, the whole page 5.6-6.2 ms against 9.5-10.3). Else, or
 *    when the walk falls short, take the K from idx_products_approved_top, and FTS5's matches that
 *    are among them (FTS5 yields the keys alone, 0.3 µs a match, and each is looked up in the K's;
 *    no key row read but for the K's that match);
 * 4. when that fills the page and one row more, those are the page, exactly as the full sort
 *    would give it: everything left out comes after the K. When fewer than K products were left
 *    below the cursor, the K are all of them (no edge then) and what was found is the rest of the
 *    list. Else (the matches are rarer among the K than the rate says: filters, a word of past
 *    years) undefined.
 * However publications, keys and votes are ordered the answer is the same; they only decide how
 * much is read.
 * @param {core.App} app
 * @param {ListParams} p
 * @param {{ [name: string]: any }} bind
 * @param {string[]} where the page's conditions on k (and p when there are filters), cursor included
 * @param {string[]} filters
 * @param {(inner: string, extra?: string[], counters?: boolean) => any[] | null} cards
 * @returns {any[] | null | undefined}
 */
function sortedFromFew(app, p, bind, where, filters, cards) {
  const st = statements()
  const q = st.positional(
    `SELECT s.n AS n, s.top AS top, (SELECT COUNT(*) FROM products_fts WHERE products_fts MATCH {:q} ` +
      `AND rowid > s.top - ${SAMPLE_KEYS}) AS m FROM (SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM products_fts ` +
      `WHERE products_fts MATCH {:q} LIMIT ${MANY})) AS n, ` +
      "COALESCE((SELECT MAX(rid) FROM products_fts_keys), 0) AS top) s",
    bind,
  )
  const counted = st.one(app, q.sql, q.args, ["n", "top", "m"])
  const top = counted ? Number(counted.top) : 0
  if (!counted || Number(counted.n) < MANY || top === 0) return undefined
  const rate = Math.max(Number(counted.m) / Math.min(SAMPLE_KEYS, top), MANY / top)
  const k = 2 ** Math.ceil(Math.log2(Math.max((2.5 * (p.limit + 1)) / rate, p.limit + 1)))
  const join = filters.length ? "JOIN products p ON p.id = k.id " : ""
  const and = where.map((c) => `AND ${c} `).join("")

  let rows
  if (p.mode === "recent") {
    // (one statement, one snapshot: the K and their matches as of the same moment; wn, the K's
    // count, rides on each row)
    const below = bind.ca !== undefined ? "AND (pub, id) < ({:ca}, {:ci}) " : ""
    rows = cards(
      "WITH e AS MATERIALIZED (SELECT MIN(rid) AS lo, MAX(rid) AS hi, MIN(pub) AS edge, COUNT(*) AS n " +
        "FROM (SELECT rid, pub FROM products_fts_keys INDEXED BY idx_products_fts_keys_pub WHERE pub IS NOT NULL " +
        `${below}ORDER BY pub DESC, id DESC LIMIT ${k})) SELECT ${KEY_COLUMNS}, e.n AS wn FROM e ` +
        `CROSS JOIN products_fts f CROSS JOIN products_fts_keys k ON k.rid = f.rowid ${join}` +
        "WHERE products_fts MATCH {:q} AND f.rowid BETWEEN e.lo AND e.hi " +
        `AND (e.n < ${k} OR k.pub > e.edge) ${and}` +
        `ORDER BY k.pub DESC, k.id DESC LIMIT ${sqlInt(p.limit + 1)}`,
      ["wn"],
      true,
    )
  } else {
    const walked = walkByVotes(p, bind, rate, top, filters, cards)
    if (walked !== undefined) return walked
    // Each of the K costs ~1.2 µs to pick (the votes index, then its key row), each match ~0.3 µs
    // to check against them, against ~0.7 µs a match to sort them all: worth it only with more
    // than ~3 matches per product picked ('jogo OR quiz' at 100,000 products, 35,000 matches and
    // K = 256: 26 -> 7 ms; 'receitas', 4,000 and K = 2,048: 6 -> 8, so left to the sort).
    if (rate * top < 3 * k) return undefined
    // (the K's count rides on each row as wn; "+" keeps SQLite from asking FTS5 for each of the K
    // by its key, a lookup of its own each: FTS5 yields every match once and each is checked)
    const below = votesBelow(bind, "")
    rows = cards(
      "WITH u AS MATERIALIZED (SELECT id FROM products INDEXED BY idx_products_approved_top " +
        `WHERE status = 'approved' ${below}ORDER BY vote_count DESC, published_at DESC, id DESC LIMIT ${k}), ` +
        "s AS MATERIALIZED (SELECT t.rid FROM u CROSS JOIN products_fts_keys t ON t.id = u.id) " +
        `SELECT ${KEY_COLUMNS}, (SELECT COUNT(*) FROM u) AS wn ` +
        `FROM products_fts f CROSS JOIN products_fts_keys k ON k.rid = f.rowid ${join}` +
        `WHERE products_fts MATCH {:q} AND +f.rowid IN (SELECT rid FROM s) ${and}` +
        `ORDER BY k.vc DESC, k.pub DESC, k.id DESC LIMIT ${sqlInt(p.limit + 1)}`,
      ["wn"],
      true,
    )
  }
  // (no row: nothing to tell whether the K were all there was; the sort answers)
  if (rows === null || rows.length === 0) return rows === null ? null : undefined
  return rows[0].wn < k || rows.length > p.limit ? rows : undefined
}

/**
 * sortedFromFew's walk by votes (3.): the page's rows and one more; undefined when the walk does
 * not pay (see WALK_COST), runs under a filter (the products walked would match less often than
 * the rate says), or falls short of that (the list's last page among them: the K's way answers
 * it); null when FTS5 refused the expression. The walk is a subquery that SQLite runs as a
 * co-routine, in the votes index's order: the outer query asks FTS5 of each product it yields,
 * and its LIMIT stops the walk at the page.
 * @param {ListParams} p
 * @param {{ [name: string]: any }} bind
 * @param {number} rate how often the search matches (sortedFromFew)
 * @param {number} top the newest full-text key: the size of the catalogue
 * @param {string[]} filters
 * @param {(inner: string, extra?: string[], counters?: boolean) => any[] | null} cards
 * @returns {any[] | null | undefined}
 */
function walkByVotes(p, bind, rate, top, filters, cards) {
  const expected = (p.limit + 1) / rate
  if (filters.length > 0 || expected * WALK_COST >= rate * top) return undefined
  const below = votesBelow(bind, "p.")
  const rows = cards(
    "SELECT c.id AS id, c.pa AS pa, c.vc AS vc, c.vw AS vw, c.ck AS ck, c.cm AS cm " +
      `FROM (SELECT ${KEY_COLUMNS}, k.rid AS rid FROM products p INDEXED BY idx_products_approved_top ` +
      "CROSS JOIN products_fts_keys k ON k.id = p.id " +
      `WHERE p.status = 'approved' AND k.pub IS NOT NULL ${below}` +
      `ORDER BY p.vote_count DESC, p.published_at DESC, p.id DESC LIMIT ${Math.min(WALK_MAX, Math.ceil(3 * expected))}) c ` +
      "WHERE EXISTS (SELECT 1 FROM products_fts f WHERE f.rowid = c.rid AND products_fts MATCH {:q}) " +
      `LIMIT ${sqlInt(p.limit + 1)}`,
    undefined,
    true,
  )
  return rows === null || rows.length > p.limit ? rows : undefined
}

/**
 * One page of the listing as a JSON text `{items, nextCursor}` (the first page also `total` and
 * `totalMore`, lib/products-facets.js); null when the cursor is invalid.
 * @param {core.App} app
 * @param {ListParams} p
 * @param {import("./products-response.js").Shown} [shown] told the page's ids when it is by date
 * @returns {string | null}
 */
function pageBody(app, p, shown) {
  if (p.fts.kind === "empty") return NO_RESULTS
  /** @type {{ [name: string]: any }} */
  const bind = {}
  const filters = filterClauses(p, bind)

  const cursor = p.cursor ? cursors().decodeCursor(p.cursor, p.mode, RELEVANCE_WINDOW) : null
  if (p.cursor && !cursor) return null

  let outerOrder = ""
  /**
   * The page's rows in order (one more than the page when there is more, except in a relevance
   * window); null when FTS5 refused the expression (e.g. every term a stop word of its own): no
   * results, never a 500. `extra`: columns of the inner query passed through (wn, rid);
   * `counters`: the inner query gives the card's counters too (lib/products-cards.js queryCards).
   * @param {string} inner
   * @param {string[]} [extra]
   * @param {boolean} [counters]
   */
  const cards = (inner, extra, counters) =>
    guarded(() => require(`${__hooks}/lib/products-cards.js`).queryCards(app, inner, outerOrder, bind, extra, counters))
  /**
   * What `read` answers, or null when FTS5 refused the search's expression (as for cards).
   * @template T
   * @param {() => T} read
   * @returns {T | null}
   */
  function guarded(read) {
    try {
      return read()
    } catch (err) {
      if (p.fts.kind === "none") throw err
      util.logWarn(`product search failed for ${JSON.stringify(bind.q)}`, err)
      return null
    }
  }
  let rows
  /** @type {{ s: string, r: number, t?: number } | null} */
  let snapshot = null
  /**
   * The public matches as of the snapshot in `table` (f), with their key rows (k), keys up to `bound`.
   * @param {string} table
   * @param {string} bound
   */
  const matchesIn = (table, bound) =>
    `FROM ${table} f JOIN products_fts_keys k ON k.rid = f.rowid ` +
    (filters.length ? "JOIN products p ON p.id = k.id " : "") +
    `WHERE ${table} MATCH {:q} AND f.rowid <= ${bound} AND k.pub IS NOT NULL AND k.pub <= {:snap} ` +
    filters.map((c) => `AND ${c} `).join("")
  /**
   * The window's pages are followed by the matches it did not rank: past its 96, and, from the
   * recent index (FTS_TABLES[t]), the older ones. Asked by the page that ends the window: the key
   * below which they start (the window's oldest), or 0 when none is there.
   * @param {number} t
   */
  const afterWindow = (t) => {
    const sql =
      `SELECT COALESCE(w.b, 0) AS b, EXISTS (SELECT 1 ${matchesIn(FTS_TABLES[0], "{:maxkey}")}AND f.rowid < w.b) ` +
      `AS more FROM (SELECT MIN(rid) AS b FROM (SELECT f.rowid AS rid ${matchesIn(FTS_TABLES[t], "{:maxkey}")}` +
      `ORDER BY f.rowid DESC LIMIT ${RELEVANCE_WINDOW})) w`
    // kept prepared without a filter (two texts, one per index): a search with less than a window
    // of matches asks it on its first page only in a catalogue past RECENT_KEYS, so compiling it
    // was a cost of the large catalogue alone
    const st = statements()
    const q = st.positional(sql, bind)
    const found = st.one(app, q.sql, q.args, ["b", "more"], filters.length === 0)
    return found !== null && found.more === "1" ? Number(found.b) : 0
  }
  // The recent index holds the keys past the newest RECENT_KEYS ever given (each new product
  // pushes out the one RECENT_KEYS keys older): a match at or below that key is one a window from
  // it never ranks. A first page learns whether there are any with its keys (ftsKeys).
  /** @type {ReturnType<typeof ftsKeys> | null} */
  let keys = null
  if (p.mode === "relevance") bind.snap = cursor ? cursor.s : util.nowText()
  if (p.mode === "relevance" && !cursor) {
    const read = guarded(() => ftsKeys(app, (bound) => matchesIn(FTS_TABLES[0], bound), bind))
    if (read === null) return NO_RESULTS
    keys = read
  }
  // where a relevance window's page starts in it
  const off = cursor && cursor.o ? cursor.o : 0
  let partial = false
  if (p.mode === "relevance") {
    snapshot = { s: bind.snap, r: cursor ? cursor.r : keys ? keys.r : 0 }
    // whether the recent index leaves products out (a later page tells by the snapshot's last key)
    partial = (keys ? keys.ever : snapshot.r) > RECENT_KEYS
    bind.maxkey = snapshot.r
    // the window: newest matches first, public as of the snapshot; the product row is read only
    // when a filter needs it
    // (one row past the window: its size then says whether there are more matches than it ranks)
    /** @param {string} table */
    const windowOf = (table) =>
      `SELECT f.rowid AS rid, bm25(${table}, ${BM25_WEIGHTS}) AS rank ${matchesIn(table, "{:maxkey}")}` +
      `ORDER BY f.rowid DESC LIMIT ${RELEVANCE_WINDOW + 1}`
    // The window is bounded by documents as well as by matches: when the newest 5,000 products
    // hold at least a page of matches, relevance ranks those (up to 96) against the recent index,
    // whose pass over each term's document list (bm25 counts the documents holding each term) and
    // whose scan for matches stay bounded however large the catalogue grows. With fewer (rare
    // terms, old products) the full index: then the terms' lists are short anyway. A first page
    // asks the recent index, and only when it answers less than a page asks the full one (the
    // same choice as counting first, without a query of its own); the choice is kept for the
    // following pages (cursor.t).
    // The page's rows carry the window's size (wn, up to 97): a first page's count is read from
    // it instead of counting the matches again in a query of its own (0.5 ms of the 2.5 of
    // 'aplicativos financas' at 100,000 products).
    // The window is kept narrow (key and score): SQLite writes each of its rows into a temporary
    // table, and a row with the id and publication texts cost twice as much to write as the ~0.1
    // ms of reading them again for the ranked rows. Ties are broken by votes, then publication,
    // then id, all read from the key row (products_fts_keys: pub and vc, kept by triggers).
    // (a window's page takes only its own rows: the window's size, wn, says whether more follow)
    /** @param {number} t */
    const rankedPage = (t) =>
      `WITH ww AS MATERIALIZED (${windowOf(FTS_TABLES[t])}) ` +
      `SELECT ${KEY_COLUMNS}, w.rank AS rank, (SELECT COUNT(*) FROM ww) AS wn ` +
      `FROM (SELECT * FROM ww ORDER BY rid DESC LIMIT ${RELEVANCE_WINDOW}) w JOIN products_fts_keys k ON k.rid = w.rid ` +
      `ORDER BY w.rank, k.vc DESC, k.pub DESC, k.id DESC LIMIT ${sqlInt(p.limit)} OFFSET ${sqlInt(off)}`
    snapshot.t = cursor ? cursor.t || 0 : 1
    if (cursor && cursor.b) {
      // After the window, the matches it did not rank (older than its oldest), newest first, from
      // the full index and without bm25: a key walk, as cheap as the window's.
      bind.b = cursor.b
      outerOrder = "page.rid DESC"
      rows = cards(
        `SELECT ${KEY_COLUMNS}, f.rowid AS rid ${matchesIn(FTS_TABLES[0], "{:maxkey}")}` +
          `AND f.rowid < {:b} ORDER BY f.rowid DESC LIMIT ${sqlInt(p.limit + 1)}`,
        ["rid"],
        true,
      )
    } else {
      outerOrder = "page.rank, page.vc DESC, page.pa DESC, page.id DESC"
      rows = cards(rankedPage(snapshot.t), ["wn"], true)
      // (while no key past RECENT_KEYS was ever given, the recent index holds every product)
      if (keys && rows !== null && rows.length < p.limit && keys.ever > RECENT_KEYS) {
        snapshot.t = 0
        rows = cards(rankedPage(0), ["wn"], true)
      }
    }
  } else {
    // A search sorted by date or by votes ranks every match. FTS5 yields them and each one's order
    // is read from its key row (products_fts_keys: pub and vc, kept by triggers, with the card's
    // counters), SQLite's sorter keeping the best page; the product row is read only when a filter
    // needs it. (The matches' ids gathered into a temporary index, then the products index walked
    // in order until a page of them: 'aplicativos' by votes at 100,000 products, p50 40 ms at the
    // client, 9.5 now.) The cost follows the number of matches, one key row read each: the
    // broadest, 'jogo OR quiz' (two of the commonest words), p50 102 -> 26 ms. With many matches,
    // sortedFromFew reads a few of the newest or most-voted products instead (26 -> 2.6 ms by date).
    const search = p.fts.kind === "match"
    const [pa, vc, id] = search ? ["k.pub", "k.vc", "k.id"] : ["p.published_at", "p.vote_count", "p.id"]
    const where = search ? ["k.pub IS NOT NULL", ...filters] : ["p.status = 'approved'", ...filters]
    let innerOrder
    if (p.mode === "top") {
      innerOrder = `${vc} DESC, ${pa} DESC, ${id} DESC`
      outerOrder = "page.vc DESC, page.pa DESC, page.id DESC"
      if (cursor) {
        where.push(`(${vc}, ${pa}, ${id}) < ({:cv}, {:ca}, {:ci})`)
        Object.assign(bind, { cv: cursor.v, ca: cursor.a, ci: cursor.i })
      }
    } else {
      innerOrder = `${pa} DESC, ${id} DESC`
      outerOrder = "page.pa DESC, page.id DESC"
      if (cursor) {
        where.push(`(${pa}, ${id}) < ({:ca}, {:ci})`)
        Object.assign(bind, { ca: cursor.a, ci: cursor.i })
      }
    }
    // A search's matches come newest first, as its pages by date want them: then the sorter keeps
    // its best rows from the start and turns the rest away, instead of taking each newer one in
    // ('jogo OR quiz' by date at 100,000 products, 14.7 -> 9.2 ms; the LIMIT keeps SQLite from
    // dropping the subquery's order). 'Seguindo': read the followed makers' products by maker (then
    // sort them) rather than walk every approved product newest first looking for them: the cost
    // follows what one follows. Without a filter that has an index of its own (category, maker),
    // the walk is named: for a first page (no cursor) SQLite chose the status index and sorted
    // each run of equal dates (or votes) in a temporary B-tree (see pageRows in lib/
    // products-cards.js for what one costs); the partial indexes hold the approved products in
    // the page's order, and a tag or Lovable/EPIC is checked on each product walked.
    const from = search
      ? "(SELECT rowid AS rid FROM products_fts WHERE products_fts MATCH {:q} ORDER BY rowid DESC LIMIT -1) f " +
        "JOIN products_fts_keys k ON k.rid = f.rid" +
        (filters.length ? " JOIN products p ON p.id = k.id" : "")
      : p.following
        ? "products p INDEXED BY idx_products_created_by"
        : !p.category && !p.maker
          ? `products p INDEXED BY ${p.mode === "top" ? "idx_products_approved_top" : "idx_products_approved_recent"}`
          : "products p"
    // (the walk reads each product row, a search each key row: either passes the counters on,
    // lib/products-cards.js)
    const columns = search
      ? KEY_COLUMNS
      : "p.id AS id, p.published_at AS pa, p.vote_count AS vc, p.view_count AS vw, p.click_count AS ck, " +
        "p.comment_count AS cm"
    const inner =
      `SELECT ${columns} FROM ${from} WHERE ${where.join(" AND ")} ORDER BY ${innerOrder} ` +
      `LIMIT ${sqlInt(p.limit + 1)}`
    // The pages of the app's size (24) without a search and with at most one filter (/home, a
    // category, a tag, a maker's products; by date or by votes; first or not: 24 texts) are read
    // as one row through a prepared statement (lib/products-cards.js pageRows); the other
    // combinations, whose texts are too many to keep prepared, through dbx. (The limit stays a
    // literal: a bound LIMIT has SQLite prepare the statement again at each run, lib/util.js sqlInt.)
    const prepared = p.limit === DEFAULT_LIMIT && p.fts.kind === "none" && !p.following && filters.length <= 1
    rows = prepared
      ? require(`${__hooks}/lib/products-cards.js`).pageRows(app, inner, outerOrder, bind, p.limit + 1)
      : null
    // a search with many matches: from the newest or most-voted products
    const few = search ? guarded(() => sortedFromFew(app, p, bind, where, filters, cards)) : undefined
    if (few !== undefined) rows = few
    else if (rows === null) rows = cards(inner, undefined, true)
  }
  if (rows === null) return NO_RESULTS

  /** @type {import("./products-cursor.js").Cursor | null} */
  let next = null
  const more =
    p.mode === "relevance" && !(cursor && cursor.b)
      ? rows.length > 0 && Math.min(rows[0].wn, RELEVANCE_WINDOW) > off + p.limit
      : rows.length > p.limit
  if (more) rows = rows.slice(0, p.limit)
  // by date, only the cards' counters can change without a write that drops the cached page
  if (shown && p.mode === "recent") shown.ids = rows.map((r) => r.id)
  const last = rows[rows.length - 1]
  if (p.mode === "relevance" && snapshot) {
    const at = { m: "relevance", s: snapshot.s, r: snapshot.r, t: snapshot.t }
    if (cursor && cursor.b) next = more ? { ...at, b: last.rid } : null
    else if (more) next = { ...at, o: off + p.limit }
    else if (rows.length > 0 && (rows[0].wn > RELEVANCE_WINDOW || (snapshot.t === 1 && partial))) {
      // the window's last page: what follows it, if anything (nothing does when its index held
      // every product)
      const b = afterWindow(snapshot.t)
      next = b > 0 ? { ...at, b } : null
    }
  } else if (more && p.mode === "top") next = { m: "top", v: last.vc, a: last.pa, i: last.id }
  else if (more) next = { m: "recent", a: last.pa, i: last.id }
  const items = rows.map((r) => r.j).join(",")
  const nextText = next ? JSON.stringify(cursors().encodeCursor(next)) : "null"
  if (p.cursor) return `{"items":[${items}],"nextCursor":${nextText}}`
  // The first page says how many there are (counted only when there is more than this page). By
  // relevance: the matches the window ranks, up to 96 (its query counted them: wn, one past the
  // window when there are more), and "more" when others follow it.
  /** @type {{ n: number, more: boolean }} */
  let total = { n: rows.length, more: false }
  if (p.mode === "relevance" && rows.length > 0) {
    // (without a next page, the window is this page: wn is its length)
    const wn = rows[0].wn
    const after =
      wn > RELEVANCE_WINDOW ||
      (next !== null && next.b !== undefined) ||
      (keys !== null && snapshot !== null && snapshot.t === 1 && partial && keys.older)
    total = { n: Math.min(wn, RELEVANCE_WINDOW), more: after }
  } else if (next) total = require(`${__hooks}/lib/products-facets.js`).countMatching(app, p)
  return `{"items":[${items}],"nextCursor":${nextText},"total":${total.n},"totalMore":${total.more}}`
}

module.exports = { RELEVANCE_WINDOW, listParams, pageLimit, cacheKey, filterClauses, pageBody }
