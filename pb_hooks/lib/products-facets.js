// @ts-check
/// <reference path="../types/types.d.ts" />
// How many products a listing holds, and the category and tag counts (the facets, also under the
// active filters): the numbers /home shows ('{n} produtos encontrados', '{n} resultados para
// "..."', the count beside each category and tag). Same visibility as the listing (approved products only) and the same filters
// (lib/products-query.js filterClauses).
//
// Bounded cost at any catalogue size: the listing count stops at COUNT_CAP (then "more than"; a
// search by relevance counts its window of 96 in its own query, lib/products-query.js), a
// search's count walks the FTS index only that far;
// the filtered facets group the products the other filters leave (cached per combination by the
// response cache, like every public read).

/** The largest exact count; past it, the answer is "more than COUNT_CAP". */
const COUNT_CAP = 1000
/**
 * How many of the products a narrowed listing holds its facets count (the newest): the listing's
 * own count stops at the same number.
 */
const FACET_SAMPLE = COUNT_CAP
/** The tags listed in filtered facets (most used first). */
const TAG_LIMIT = 200

function q() {
  return require(`${__hooks}/lib/products-query.js`)
}

/**
 * A listing's parameters (lib/products-query.js listParams).
 * @typedef {import("./products-query.js").ListParams} ListParams
 * @typedef {{ id: string, name: string, count: number }} Facet
 */

/**
 * @param {core.App} app
 * @param {string} sql
 * @param {{ [name: string]: unknown }} bind
 */
function one(app, sql, bind) {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery(sql).bind(bind).one(row)
  return row.n
}

/**
 * Folded sort key: 'Educação' sorts with 'educacao', between 'Design' and 'Finanças'.
 * @param {string} name
 */
function sortKey(name) {
  return require(`${__hooks}/lib/products-search.js`).fold(name)
}

/**
 * The facets JSON: categories by name, tags most used first (then by name).
 * @param {Facet[]} categories
 * @param {Facet[]} tags
 * @param {{ [name: string]: unknown }} [extra] other fields of the answer
 */
function facetsJson(categories, tags, extra) {
  // the sort key is computed once per row (folding in goja is not free)
  /** @param {Facet[]} rows */
  const keyed = (rows) => rows.map((r) => ({ key: sortKey(r.name), item: { id: r.id, name: r.name, count: r.count } }))
  /** @typedef {{ key: string, item: Facet }} Keyed */
  /** @param {Keyed} a @param {Keyed} b */
  const byName = (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  /** @param {Keyed[]} rows */
  const items = (rows) => rows.map((r) => r.item)
  return JSON.stringify({
    categories: items(keyed(categories).sort(byName)),
    tags: items(keyed(tags).sort((a, b) => b.item.count - a.item.count || byName(a, b))),
    ...extra,
  })
}

/**
 * The products the listing `p` (its first page, sorted by date or by votes) holds: `{ n, more }`,
 * n at most COUNT_CAP. (A search by relevance ranks the newest 96 matches of one index at most,
 * and its window's query counts them: lib/products-query.js.)
 * @param {core.App} app
 * @param {ListParams} p
 */
function countMatching(app, p) {
  const kept = keptCount(app, p)
  if (kept !== null) return kept > COUNT_CAP ? { n: COUNT_CAP, more: true } : { n: kept, more: false }
  /** @type {{ [name: string]: unknown }} */
  const bind = {}
  // a search is driven by the index: FTS5 yields the matches one by one and the count stops at the cap
  const inner = `SELECT 1 ${listedFrom(p, q().filterClauses(p, bind, undefined, true), false)} LIMIT ${COUNT_CAP + 1}`
  let n
  try {
    n = one(app, `SELECT COUNT(*) AS n FROM (${inner})`, bind)
  } catch (err) {
    // FTS5 refuses some expressions: the listing itself answered empty for them
    if (p.fts.kind === "none") throw err
    n = 0
  }
  return n > COUNT_CAP ? { n: COUNT_CAP, more: true } : { n, more: false }
}

/**
 * `FROM ... WHERE ...` of the approved products the listing `p` holds under `filters` (SQL
 * conditions on the product row p): a search's public matches (f, k, and p when a filter or `row`
 * needs it), or the products themselves.
 * @param {ListParams} p
 * @param {string[]} filters
 * @param {boolean} row the caller reads the product row
 */
function listedFrom(p, filters, row) {
  const and = filters.map((c) => ` AND ${c}`).join("")
  return p.fts.kind === "match"
    ? "FROM products_fts f JOIN products_fts_keys k ON k.rid = f.rowid " +
        (row || filters.length ? "JOIN products p ON p.id = k.id " : "") +
        `WHERE products_fts MATCH {:q} AND k.pub IS NOT NULL${and}`
    : `FROM products p WHERE p.status = 'approved'${and}`
}

/**
 * A category's or a tag's listing with no other filter holds what its facet count says (kept exact
 * by triggers, approved products only): read in one lookup instead of counted (counting up to the
 * cap walked 1,000 rows, 4 ms of a tag page's 9.5 at 100,000 products). The unfiltered listing
 * holds every approved product: the count kind 'all' (migration 1795313810_listing_count.js).
 * Null for any other listing.
 * @param {core.App} app
 * @param {ListParams} p
 * @returns {number | null}
 */
function keptCount(app, p) {
  if (p.fts.kind !== "none" || p.lovable || p.epic || p.maker || p.following) return null
  if (p.category && p.tag) return null
  const kind = p.category ? "category" : p.tag ? "tag" : "all"
  // a prepared statement (lib/statements.js): compiling this lookup took longer than running it
  const row = require(`${__hooks}/lib/statements.js`).one(
    app,
    "SELECT COALESCE((SELECT n FROM facet_counts WHERE kind = ?1 AND key = ?2), 0) AS n",
    [kind, p.category || p.tag || "*"],
    ["n"],
  )
  return row ? Number(row.n) : 0
}

/**
 * Whether a listing narrows the catalogue (then its facets are counted under its filters).
 * @param {ListParams} p
 */
function narrowed(p) {
  return p.fts.kind !== "none" || !!p.category || !!p.tag || p.lovable || p.epic
}

/**
 * The facets of the whole catalogue (GET /api/vitrine/facets without filters): categories (by
 * name) and tags (most used first), approved products only.
 * @param {core.App} app
 */
function facetsBody(app) {
  const whole = wholeCounts(app)
  return facetsJson(whole.categories, whole.tags)
}

/**
 * The counts of the whole catalogue, kept by triggers (migration 1795313100_products.js):
 * approved products only, so a pending product's new tag is not public yet.
 * @param {core.App} app
 * @returns {{ categories: Facet[], tags: Facet[] }}
 */
function wholeCounts(app) {
  const categories = arrayOf(new DynamicModel({ id: "", name: "", count: 0 }))
  app
    .db()
    .newQuery(
      "SELECT c.id AS id, c.name AS name, COALESCE(f.n, 0) AS count FROM categories c " +
        "LEFT JOIN facet_counts f ON f.kind = 'category' AND f.key = c.id",
    )
    .all(categories)
  const tags = arrayOf(new DynamicModel({ id: "", name: "", count: 0 }))
  app
    .db()
    .newQuery(
      "SELECT t.id AS id, t.name AS name, f.n AS count FROM facet_counts f JOIN tags t ON t.id = f.key " +
        "WHERE f.kind = 'tag' AND f.n > 0",
    )
    .all(tags)
  /** @param {DynamicModel[]} rows */
  const plain = (rows) => rows.map((r) => ({ id: r.id, name: r.name, count: r.count }))
  return { categories: plain(categories), tags: plain(tags) }
}

/**
 * The facets JSON under the filters of `p`: a category's count is what choosing it would list
 * with every other active filter (so the chosen category keeps its own count), the same for tags.
 * Counted over the newest FACET_SAMPLE products those filters leave (a search: its newest matches),
 * so a facet costs the same at any catalogue size. When more remain (as for the listing's count,
 * "more than COUNT_CAP"), `categoriesMore` / `tagsMore` say so: the counts are then how many of
 * those newest products each one holds, at least that many in all. (Grouping every product a
 * filter left took 0.3-0.45 s at 100,000 products for 'Feito com Lovable' alone, 0.13-0.22 s for
 * a broad search.)
 * @param {core.App} app
 * @param {ListParams} p
 */
function filteredFacetsBody(app, p) {
  if (p.fts.kind === "empty") return JSON.stringify({ categories: [], tags: [] })
  /**
   * The newest FACET_SAMPLE + 1 products under every filter but `skip` (id and category): the one
   * past the sample says whether there are more.
   * @param {string} skip
   * @param {{ [name: string]: unknown }} bind
   */
  const sample = (skip, bind) =>
    `SELECT p.id AS id, p.category AS category ${listedFrom(p, q().filterClauses(p, bind, skip, true), true)} ` +
    // a search walks its matches newest first (FTS5 keys), the other filters the products by date
    `ORDER BY ${p.fts.kind === "match" ? "f.rowid DESC" : "p.published_at DESC, p.id DESC"} LIMIT ${FACET_SAMPLE + 1}`
  // each facet's rows from the sample (ss, sn): the categories all (0 when none is in it); the tags
  // in it (one row with no tag when it holds none, for its size)
  const CATEGORY_ROWS =
    "SELECT 'c' AS kind, c.id AS id, c.name AS name, COALESCE(n.count, 0) AS count, sn.sn AS sn FROM sn, " +
    "categories c LEFT JOIN (SELECT category AS id, COUNT(*) AS count FROM ss GROUP BY category) n ON n.id = c.id"
  const TAG_ROWS =
    "SELECT 't' AS kind, COALESCE(t.id, '') AS id, COALESCE(t.name, '') AS name, COALESCE(n.count, 0) AS count, " +
    "sn.sn AS sn FROM sn LEFT JOIN (SELECT pt.tag AS id, COUNT(*) AS count FROM ss CROSS JOIN product_tags pt " +
    `ON pt.product = ss.id GROUP BY pt.tag ORDER BY count DESC LIMIT ${TAG_LIMIT}) n LEFT JOIN tags t ON t.id = n.id`
  /** @typedef {{ rows: Facet[], more: boolean }} Counted */
  /**
   * The facets `rowsSql` (kind 'c' and/or 't') over the sample under every filter but `skip`:
   * none when FTS5 refused the search's expression (nothing matches, as in the listing).
   * @param {string} skip
   * @param {string} rowsSql
   * @returns {{ c: Counted, t: Counted }}
   */
  const counted = (skip, rowsSql) => {
    /** @type {{ [name: string]: unknown }} */
    const bind = {}
    const sql =
      `WITH s AS MATERIALIZED (${sample(skip, bind)}), sn AS (SELECT COUNT(*) AS sn FROM s), ` +
      `ss AS (SELECT * FROM s LIMIT ${FACET_SAMPLE}) ${rowsSql}`
    let rows = arrayOf(new DynamicModel({ kind: "", id: "", name: "", count: 0, sn: 0 }))
    try {
      app.db().newQuery(sql).bind(bind).all(rows)
    } catch (err) {
      if (p.fts.kind === "none") throw err
      rows = []
    }
    /** @param {string} kind */
    const of = (kind) => {
      const mine = rows.filter((r) => r.kind === kind)
      return {
        rows: mine.filter((r) => r.id !== "").map((r) => ({ id: r.id, name: r.name, count: r.count })),
        more: mine.length > 0 && mine[0].sn > FACET_SAMPLE,
      }
    }
    return { c: of("c"), t: of("t") }
  }
  // a facet with no other filter active counts the whole catalogue: the trigger-kept counts, not
  // a grouping of every product (the tags of 100,000 products under a lone tag filter took 1 s)
  /** @type {{ categories: Facet[], tags: Facet[] } | null} */
  let whole = null
  /** @param {string} skip */
  const alone = (skip) => p.fts.kind === "none" && q().filterClauses(p, {}, skip, true).length === 0
  /** @param {"categories" | "tags"} kind */
  const wholeOf = (kind) => ({ rows: (whole = whole || wholeCounts(app))[kind], more: false })
  /** @type {Counted} */
  let categories
  /** @type {Counted} */
  let tags
  if (!p.category && !p.tag) {
    // neither chosen: both facets count the same products, sampled once
    ;({ c: categories, t: tags } = counted("", `${CATEGORY_ROWS} UNION ALL ${TAG_ROWS}`))
  } else {
    categories = alone("category") ? wholeOf("categories") : counted("category", CATEGORY_ROWS).c
    tags = alone("tag") ? wholeOf("tags") : counted("tag", TAG_ROWS).t
  }
  // a chosen tag stays listed (with 0 when nothing else matches), so it can be unchosen
  if (p.tag && !tags.rows.some((t) => t.id === p.tag)) {
    const chosen = arrayOf(new DynamicModel({ id: "", name: "" }))
    app.db().newQuery("SELECT id, name FROM tags WHERE id = {:id}").bind({ id: p.tag }).all(chosen)
    chosen.forEach((t) => tags.rows.push({ id: t.id, name: t.name, count: 0 }))
  }
  return facetsJson(categories.rows, tags.rows, { categoriesMore: categories.more, tagsMore: tags.more })
}

module.exports = { countMatching, narrowed, facetsBody, filteredFacetsBody }
