// @ts-check
/// <reference path="../types/types.d.ts" />
// A product card as JSON, built by SQLite (json_object; the tags from product_card_tags, kept by
// triggers; category and maker by join): the listing, the ranking, related products and the product
// page share this one shape, so the JS side only concatenates rows and maps no objects. Lists read
// the card stored in product_card_json (migration 1795313770_card_json.js) with the counters spliced
// in; that migration freezes cardJson(false)'s fields, and 1795313790_detail_json.js those of
// cardJson(true) after the counters (the product page a visitor reads): a change of them needs a
// migration that rewrites the tables (tests/card-json.test.ts compares a listed card and a stored
// page with the page built afresh).

/** @param {string} col */
const boolJson = (col) => `json(CASE WHEN ${col} THEN 'true' ELSE 'false' END)`

/**
 * A product card as a JSON object (SQLite json_object). Aliases: p = products, c = categories,
 * u = users (the maker), ct = product_card_tags. Binds {:pcol} and {:ucol}, the collection ids. `detail` adds the
 * fields of the product page.
 * @param {boolean} detail
 */
function cardJson(detail) {
  const maker = [
    "'id', u.id",
    "'collectionId', {:ucol}",
    "'username', u.username",
    "'display_name', u.display_name",
    "'avatar', u.avatar",
  ]
  if (detail) maker.push("'bio', u.bio")
  const fields = [
    "'id', p.id",
    "'collectionId', {:pcol}",
    "'slug', p.slug",
    "'title', p.title",
    "'description', p.description",
    "'images', json(CASE WHEN json_valid(p.images) AND json_type(p.images) = 'array' THEN p.images ELSE '[]' END)",
    `'built_with_lovable', ${boolJson("p.built_with_lovable")}`,
    `'built_with_epic', ${boolJson("p.built_with_epic")}`,
    "'vote_count', p.vote_count",
    "'view_count', p.view_count",
    "'click_count', p.click_count",
    "'comment_count', p.comment_count",
    "'published_at', p.published_at",
    "'category', json(CASE WHEN c.id IS NULL THEN NULL ELSE json_object('id', c.id, 'name', c.name) END)",
    // kept ready by triggers (migration 1795313760_card_tags.js): one read by key per card
    "'tags', json(COALESCE(ct.tags, '[]'))",
    `'maker', json(CASE WHEN u.id IS NULL THEN NULL ELSE json_object(${maker.join(", ")}) END)`,
  ]
  if (detail) {
    fields.push(
      "'status', p.status",
      // the reason is for the maker and the moderators ({:priv}: the viewer is one of them)
      "'rejection_reason', CASE WHEN {:priv} THEN p.rejection_reason ELSE '' END",
      "'created_by', p.created_by",
      "'url', p.url",
      "'created', p.created",
      "'updated', p.updated",
    )
  }
  return `json_object(${fields.join(", ")})`
}

const CARD_JOINS =
  "LEFT JOIN categories c ON c.id = p.category LEFT JOIN users u ON u.id = p.created_by " +
  "LEFT JOIN product_card_tags ct ON ct.product = p.id"

// A card read from product_card_json (kept by triggers, migration 1795313770_card_json.js): its
// head and tail with the four counters spliced in between, in cardJson(false)'s order, so a card
// costs a row read by key and a concatenation (building it with json_object was most of a
// listing's SQL). A product without a row (none should lack one) gets its card built by a second
// query (queryCards). Not by a COALESCE with cardJson(false) in the same statement: SQLite
// compiles a statement's whole text for every query, and compiling that fallback, run for no
// card, was a quarter of a listing page's time (1.14 ms against 0.83 at 100,000 products).
/**
 * The four counters as the card's JSON members, from the SQL expressions of each.
 * @param {string} votes @param {string} views @param {string} clicks @param {string} comments
 */
const countersJson = (votes, views, clicks, comments) =>
  `'"vote_count":' || ${votes} || ',"view_count":' || ${views} || ` +
  `',"click_count":' || ${clicks} || ',"comment_count":' || ${comments}`
// read from the product row (p)
const COUNTERS = countersJson("p.vote_count", "p.view_count", "p.click_count", "p.comment_count")
const STORED_CARD = `COALESCE(cj.head || ${COUNTERS} || cj.tail, '')`
// passed through by a page's inner query that read them from the product row already (page.vc,
// vw, ck, cm): the card then needs no second read of that row (queryCards)
const PAGE_CARD = `COALESCE(cj.head || ${countersJson("page.vc", "page.vw", "page.ck", "page.cm")} || cj.tail, '')`

// A cached list of cards (lib/products-cache.js) is checked by the counters its text shows: each
// card's four counters, found in its JSON as countersJson writes them (json_object writes the
// same members, in the same order, for a card built afresh), against the product rows' now.
const COUNTERS_IN_CARD = /"vote_count":-?\d+,"view_count":-?\d+,"click_count":-?\d+,"comment_count":-?\d+/g
const COUNTERS_NOW =
  `SELECT COALESCE(group_concat(c, ''), '') AS f FROM (SELECT ${COUNTERS} AS c FROM json_each(?1) j ` +
  "JOIN products p ON p.id = j.value ORDER BY j.key)"

/**
 * What a list of cards needs for countersCurrent: its products' ids, in order (a JSON array), and
 * a digest of their counters as `text` shows them; null when `text` does not show one set of
 * counters per id.
 * @param {string} text
 * @param {string[]} ids
 * @returns {{ p: string, f: string } | null}
 */
function countersMark(text, ids) {
  const found = text.match(COUNTERS_IN_CARD) || []
  if (found.length !== ids.length) return null
  return { p: JSON.stringify(ids), f: $security.md5(found.join("")) }
}

/**
 * True when the products `ids` (countersMark's p) have, now, the counters of its digest `f`: one
 * read by key per product, through a prepared statement.
 * @param {core.App} app
 * @param {string} ids
 * @param {string} f
 */
function countersCurrent(app, ids, f) {
  const row = require(`${__hooks}/lib/statements.js`).one(app, COUNTERS_NOW, [ids], ["f"])
  return row !== null && $security.md5(row.f) === f
}

// The product page as anyone sees it (no rejection reason), read the same way: the card's head,
// the counters and the page's own tail (product_detail_json, migration 1795313790_detail_json.js).
// A product without its rows gets its page built by a second query (lib/products-detail.js).

/**
 * SELECT of {status, j} (j: the public product page's JSON, '' when its stored rows are
 * missing) of the product whose `column` is ?1 (a prepared statement: lib/statements.js).
 * @param {"id" | "slug"} column
 */
function storedDetailSql(column) {
  return (
    `SELECT p.status AS status, COALESCE(cj.head || ${COUNTERS} || dj.tail, '') AS j FROM products p ` +
    `LEFT JOIN product_card_json cj ON cj.product = p.id LEFT JOIN product_detail_json dj ON dj.product = p.id ` +
    `WHERE p.${column} = ?1`
  )
}

/** @param {core.App} app */
function collectionIds(app) {
  return {
    pcol: app.findCachedCollectionByNameOrId("products").id,
    ucol: app.findCachedCollectionByNameOrId("users").id,
  }
}

/**
 * Rows of {id, pa, vc, wn, rid, j} (j = card JSON), in page order. `extra`: the integer columns of
 * the inner query passed through, of wn (a relevance window's size) and rid (a full-text key); the
 * others are 0. `counters`: the inner query also gives the view, click and comment counts (vw, ck,
 * cm; vc is the vote count), as one that walks the product rows does at no extra cost: the cards
 * are then built without reading each product row a second time, by its id (a listing page's SQL
 * at 10,000 products: 0.82 ms against 0.93, compiling included).
 * @param {core.App} app
 * @param {string} innerSql
 * @param {string} orderSql
 * @param {{ [name: string]: unknown }} bind
 * @param {string[]} [extra]
 * @param {boolean} [counters]
 */
function queryCards(app, innerSql, orderSql, bind, extra, counters) {
  const pass = ["wn", "rid"].map((c) => `${extra && extra.includes(c) ? `page.${c}` : "0"} AS ${c}`).join(", ")
  // The inner query is a subquery in FROM, not a materialized CTE: SQLite runs it as a co-routine
  // in its own order, which the outer ORDER BY takes as it is (the query plan sorts once, inside),
  // instead of writing its rows into a temporary table and sorting them again with the card texts
  // (19 KB for 24 cards) in the sorter. Rows and order unchanged; in the JS VM, 0.02-0.08 ms less
  // per page (searches, filtered listings, related products, the ranking), the most with 24 cards.
  const sql =
    `SELECT page.id AS id, page.pa AS pa, page.vc AS vc, ${pass}, ${counters ? PAGE_CARD : STORED_CARD} AS j ` +
    `FROM (${innerSql}) AS page ` +
    (counters
      ? "LEFT JOIN product_card_json cj ON cj.product = page.id "
      : "JOIN products p ON p.id = page.id LEFT JOIN product_card_json cj ON cj.product = p.id ") +
    `ORDER BY ${orderSql}`
  const rows = arrayOf(new DynamicModel({ id: "", pa: "", vc: 0, wn: 0, rid: 0, j: "" }))
  app.db().newQuery(sql).bind(bind).all(rows)
  const missing = rows.filter((r) => !r.j)
  if (missing.length > 0) {
    const built = arrayOf(new DynamicModel({ id: "", j: "" }))
    app
      .db()
      .newQuery(
        `SELECT p.id AS id, ${cardJson(false)} AS j FROM products p ${CARD_JOINS} ` +
          "WHERE p.id IN (SELECT value FROM json_each({:missing}))",
      )
      .bind(Object.assign(collectionIds(app), { missing: JSON.stringify(missing.map((r) => r.id)) }))
      .all(built)
    const byId = new Map(built.map((b) => [b.id, b.j]))
    for (const r of missing) r.j = byId.get(r.id) || ""
  }
  return rows
}

// Separators of the one-row page (pageRows): control characters, which json_object always
// escapes, so no stored card (and no id, date or count) holds them.
const ROW_SEP = "\u001e"
const FIELD_SEP = "\u001f"

/** Cards per text of a page read as one row (pageRows): ~5 KB each. */
const CARDS_PER_TEXT = 5

/**
 * queryCards' rows for an inner query that walks the product rows (its counters passed on), read
 * as ONE row through a prepared statement (lib/statements.js): each card's id, publication and
 * votes and the card itself joined by FIELD_SEP, the cards by ROW_SEP, in page order, CARDS_PER_TEXT
 * cards to a column. Through dbx, SQLite compiled the page's statement at every request and dbx
 * rewrote its placeholders with a regular expression (together ~15% of an uncached /home listing's
 * CPU, perf), then scanned each row into a model; read row by row, a prepared statement cost more
 * in the JS VM than that, but one row is read once. Measured at 10,000 products: 1 connection
 * 776-867 -> 872-923 req/s, CPU 1.30 -> 1.17 ms a request; npm run bench's mix (100,000 products,
 * where votes and comments keep the listings refreshing) 4,393-4,595 -> 4,522-4,715 req/s. The
 * order comes from the subquery's ORDER BY, which SQLite keeps under an aggregate other than
 * count(), min() or max() (select.c); group_concat's own ORDER BY sorted the 20 KB of cards again,
 * and was slower than dbx (751 req/s against 867).
 *
 * Texts of ~5 KB, and the page not materialized: the memory allocator of this SQLite build
 * (modernc.org/memory) maps every block above 16 KB with an mmap of its own and unmaps it when it
 * is freed, and unmaps a page of smaller blocks as soon as its last one is free; the page's
 * 20 KB of cards in one text went through two or three such maps (the growing text, the result),
 * and a materialized page (or a sort) opened a temporary B-tree whose page cache is ~88 KB of
 * fresh map. Each unmap flushes the TLB of every core running the process, and each first touch
 * of a mapped page is a page fault; on a virtual machine where these cost 25-150 us (measured on
 * the 02/12 host: README, Escala) an uncached /home listing spent 30% of its CPU in munmap and page
 * faults. With a text per CARDS_PER_TEXT cards, a page that is not materialized and the listing's
 * first page read through its partial index (products-query.js, no sort step), 10,000 products at
 * 4 connections, in pairs: 558-684 -> 830-971 req/s, p95 12.9-15.8 -> 10.0-11.8 ms. (The
 * numbering, row_number(), still opens one small temporary table.)
 * `innerSql` and `orderSql` are as for queryCards, with every value bound ({:name}): the text
 * must be one of a bounded few (lib/statements.js); `rowsMax`, the inner query's LIMIT. Null when a
 * card is missing from product_card_json: the caller then asks queryCards, which builds it.
 * @param {core.App} app
 * @param {string} innerSql
 * @param {string} orderSql
 * @param {{ [name: string]: unknown }} bind
 * @param {number} rowsMax
 * @returns {{ id: string, pa: string, vc: number, wn: number, rid: number, j: string }[] | null}
 */
function pageRows(app, innerSql, orderSql, bind, rowsMax) {
  const st = require(`${__hooks}/lib/statements.js`)
  /** @type {string[]} */
  const texts = []
  for (let i = 0; i * CARDS_PER_TEXT < rowsMax; i++) {
    const [from, to] = [i * CARDS_PER_TEXT, (i + 1) * CARDS_PER_TEXT]
    texts.push(`COALESCE(group_concat(CASE WHEN o.n > ${from} AND o.n <= ${to} THEN o.r END, char(30)), '') AS t${i}`)
  }
  const names = texts.map((_, i) => `t${i}`)
  const q = st.positional(
    `WITH page AS (${innerSql}) ` +
      `SELECT ${texts.join(", ")} FROM (` +
      "SELECT page.id || char(31) || COALESCE(page.pa, '') || char(31) || COALESCE(page.vc, 0) || char(31) || " +
      `${PAGE_CARD} AS r, row_number() OVER (ORDER BY ${orderSql}) AS n ` +
      `FROM page LEFT JOIN product_card_json cj ON cj.product = page.id ORDER BY ${orderSql}) o`,
    bind,
  )
  const row = st.one(app, q.sql, q.args, names)
  const parts = row === null ? [] : names.map((n) => row[n]).filter((t) => t !== "")
  if (parts.length === 0) return []
  const rows = []
  for (const part of parts.join(ROW_SEP).split(ROW_SEP)) {
    const f = part.split(FIELD_SEP)
    if (f.length !== 4 || f[3] === "") return null
    rows.push({ id: f[0], pa: f[1], vc: Number(f[2]), wn: 0, rid: 0, j: f[3] })
  }
  return rows
}

module.exports = {
  cardJson,
  CARD_JOINS,
  storedDetailSql,
  collectionIds,
  queryCards,
  pageRows,
  countersMark,
  countersCurrent,
}
