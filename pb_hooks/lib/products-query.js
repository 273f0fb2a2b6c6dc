// Public product reads: the listing and search (GET /api/vitrine/products), facets, detail by slug,
// related products. Custom routes skip API rules, so visibility is re-checked here: only approved
// products are public; the owner and staff (a user_roles row) also see pending and rejected ones.
//
// Each listing page is ONE SQL statement (the first page of a relevance search also reads the
// newest FTS key, an O(1) lookup, for its snapshot): an inner, materialized query picks the
// page's ids in order (indexes idx_products_approved_recent / _top, or FTS5 with bm25), and the
// outer one builds each card's JSON in SQLite (json_object, tags with json_group_array in product
// order, category and maker by join). The JS side only concatenates the rows: no object mapping.
//
// Pagination (cursor = base64url JSON, opaque to clients):
// - sort recent / top: keyset on (published_at, id) / (vote_count, published_at, id). Products
//   approved between pages land before the cursor, so pages never repeat or skip one.
// - search relevance: offset plus a snapshot (time and last FTS key); products published or
//   submitted after the first page are left out of the following pages, so offsets stay stable.
//   (Approval does not change bm25 statistics: pending products are already in the FTS table.)
//
// Relevance at scale: bm25 scores every row it is asked about, and each scored row costs reads,
// so relevance ranks a window of at most RELEVANCE_WINDOW (150, six pages) matches: the most recently
// submitted public ones that pass the filters (FTS5 walks its index newest first and stops
// there; the public check reads products_fts_keys.pub, not the wide product row; vote count and
// publication of the window come from idx_products_rank_keys), taken from the newest 25,000
// products when those hold at least a page of matches (products_fts_recent), else from all. bm25
// also reads, once per query, how many documents hold each term: over the recent index that read
// is bounded too. sort=recent / sort=top list every match, in that order. Queries match whole
// stemmed tokens (lib/products-search.js), so FTS5 reads one index entry per term and can stop
// early: the cost of a search depends on the window, not on the size of the catalogue.

const DEFAULT_LIMIT = 24
const MAX_LIMIT = 48
// bm25 weights per full-text column: title, description, tags, category
const BM25_WEIGHTS = "10.0, 1.0, 5.0, 3.0"
// Each candidate costs its bm25 score and two index reads: the window is what a search costs once
// the catalogue is large (300 made a search at 100,000 products twice the cost of one at 1,000).
const RELEVANCE_WINDOW = 150
// the full index, and the one of the newest 25,000 products (migration 1795313510_search_stems.js)
const FTS_TABLES = ["products_fts", "products_fts_recent"]

function rules() {
  return require(`${__hooks}/lib/rules.json`)
}

/** Query values arrive as strings; anything else counts as absent. */
function param(query, name) {
  const v = query[name]
  return typeof v === "string" ? v.trim() : ""
}

const isTrue = (v) => v === "true" || v === "1"

// ---------- parameters ----------

/**
 * Reads and normalizes the listing's query parameters. Unknown sorts fall back to the default;
 * limit is clamped to 1-48. Sort: `top` / `recent` when given; otherwise relevance when searching,
 * else recent.
 */
function listParams(query) {
  const search = param(query, "search")
  const sortParam = param(query, "sort")
  const sort = sortParam === "top" || sortParam === "recent" ? sortParam : ""
  const parsedLimit = parseInt(param(query, "limit"), 10)
  const limit = isNaN(parsedLimit) ? DEFAULT_LIMIT : Math.max(1, Math.min(MAX_LIMIT, parsedLimit))
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

/** The cache key: every parameter that changes the answer, normalized. */
function cacheKey(p) {
  const q = p.fts.kind === "match" || p.fts.kind === "exclude" ? p.fts.kind + ":" + p.fts.match : p.fts.kind
  return ["list", p.mode, q, p.category, p.tag, p.lovable ? 1 : 0, p.epic ? 1 : 0, p.maker, p.cursor, p.limit].join(
    "\u0001",
  )
}

// ---------- SQL ----------

const boolJson = (col) => `json(CASE WHEN ${col} THEN 'true' ELSE 'false' END)`

/**
 * A product card as a JSON object (SQLite json_object). Aliases: p = products, c = categories,
 * u = users (the maker). Binds {:pcol} and {:ucol}, the collection ids. `detail` adds the
 * fields of the product page.
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
    "'tags', json((SELECT json_group_array(json_object('id', t.id, 'name', t.name) ORDER BY pt.position, pt.id) " +
      "FROM product_tags pt JOIN tags t ON t.id = pt.tag WHERE pt.product = p.id))",
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

const CARD_JOINS = "LEFT JOIN categories c ON c.id = p.category LEFT JOIN users u ON u.id = p.created_by"

function collectionIds(app) {
  return {
    pcol: app.findCachedCollectionByNameOrId("products").id,
    ucol: app.findCachedCollectionByNameOrId("users").id,
  }
}

/** Rows of {id, pa, vc, j} (j = card JSON), in page order. */
function queryCards(app, innerSql, orderSql, bind) {
  const sql =
    `WITH page AS MATERIALIZED (${innerSql}) ` +
    `SELECT page.id AS id, page.pa AS pa, page.vc AS vc, ${cardJson(false)} AS j ` +
    `FROM page JOIN products p ON p.id = page.id ${CARD_JOINS} ORDER BY ${orderSql}`
  const rows = arrayOf(new DynamicModel({ id: "", pa: "", vc: 0, j: "" }))
  app
    .db()
    .newQuery(sql)
    .bind(Object.assign(collectionIds(app), bind))
    .all(rows)
  return rows
}

/** The newest full-text key: the relevance snapshot leaves later submissions out. */
function maxFtsKey(app) {
  const row = new DynamicModel({ r: 0 })
  app.db().newQuery("SELECT COALESCE(MAX(rid), 0) AS r FROM products_fts_keys").one(row)
  return row.r
}

/** True when `windowSql` (a window query, without ranking) finds at least `n` matches. */
function windowHolds(app, windowSql, bind, n) {
  const row = new DynamicModel({ n: 0 })
  try {
    app
      .db()
      .newQuery(`SELECT COUNT(*) AS n FROM (${windowSql.replace("LIMIT {:win}", "LIMIT {:enough}")})`)
      .bind(Object.assign({}, bind, { enough: n }))
      .one(row)
  } catch (_) {
    return false // an expression FTS5 refuses: the search itself answers it (no results)
  }
  return row.n >= n
}

/** PocketBase's datetime text for now, comparable with stored values. */
function nowText() {
  return new Date().toISOString().replace("T", " ")
}

/**
 * The listing's filters on the product row `p` (besides being approved), as SQL conditions; their
 * values go into `bind`. `skip`: a filter left out (the facets count a category's products under
 * every other active filter). A search's exclusion (-word) is one of them; its matches are not.
 */
function filterClauses(p, bind, skip) {
  const filters = []
  if (p.category && skip !== "category") {
    filters.push("p.category = {:category}")
    bind.category = p.category
  }
  if (p.tag && skip !== "tag") {
    filters.push("EXISTS (SELECT 1 FROM product_tags ft WHERE ft.product = p.id AND ft.tag = {:tag})")
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
  if (p.fts.kind !== "none") bind.q = p.fts.match
  if (p.fts.kind === "exclude") filters.push(`p.id NOT IN (${matchingSql(false)})`)
  return filters
}

/** Ids of the products matching the search {:q} (keys.pub: only approved ones are public). */
function matchingSql(onlyPublic) {
  return (
    "SELECT k.id FROM products_fts f JOIN products_fts_keys k ON k.rid = f.rowid " +
    `WHERE products_fts MATCH {:q}${onlyPublic ? " AND k.pub IS NOT NULL" : ""}`
  )
}

/**
 * One page of the listing as a JSON text `{items, nextCursor}` (the first page also `total` and
 * `totalMore`, lib/products-facets.js); null when the cursor is invalid.
 */
function pageBody(app, p) {
  if (p.fts.kind === "empty") return '{"items":[],"nextCursor":null,"total":0,"totalMore":false}'
  const bind = { lim: p.limit + 1 }
  const filters = filterClauses(p, bind)
  const matching = matchingSql

  const cursor = p.cursor ? decodeCursor(p.cursor, p.mode) : null
  if (p.cursor && !cursor) return null

  let inner
  let outerOrder
  let snapshot = null
  if (p.mode === "relevance") {
    snapshot = cursor ? { s: cursor.s, r: cursor.r } : { s: nowText(), r: maxFtsKey(app) }
    Object.assign(bind, { snap: snapshot.s, maxkey: snapshot.r, win: RELEVANCE_WINDOW, off: cursor ? cursor.o : 0 })
    // the window: newest matches first, public as of the snapshot; the product row is read only
    // when a filter needs it
    const windowOf = (table, ranked) =>
      `SELECT k.id AS id${ranked ? `, bm25(${table}, ${BM25_WEIGHTS}) AS rank` : ""} ` +
      `FROM ${table} f JOIN products_fts_keys k ON k.rid = f.rowid ` +
      (filters.length ? "JOIN products p ON p.id = k.id " : "") +
      `WHERE ${table} MATCH {:q} AND f.rowid <= {:maxkey} AND k.pub IS NOT NULL AND k.pub <= {:snap} ` +
      filters.map((c) => `AND ${c} `).join("") +
      "ORDER BY f.rowid DESC LIMIT {:win}"
    // The window is bounded by documents as well as by matches: when the newest 25,000 products
    // hold at least a page of matches, relevance ranks those (up to 150) against the recent index,
    // whose pass over each term's document list (bm25 counts the documents holding each term) and
    // whose scan for matches stay bounded however large the catalogue grows. With fewer (rare
    // terms, old products) the full index: then the terms' lists are short anyway. The choice is
    // kept for the following pages (cursor.t).
    snapshot.t = cursor ? cursor.t || 0 : windowHolds(app, windowOf(FTS_TABLES[1], false), bind, p.limit) ? 1 : 0
    const windowSql = windowOf(FTS_TABLES[snapshot.t], true)
    inner =
      `SELECT w.id AS id, p.published_at AS pa, p.vote_count AS vc, w.rank AS rank FROM (${windowSql}) w ` +
      "JOIN products p ON p.id = w.id " +
      "ORDER BY w.rank, p.vote_count DESC, p.published_at DESC, p.id DESC LIMIT {:lim} OFFSET {:off}"
    outerOrder = "page.rank, page.vc DESC, page.pa DESC, page.id DESC"
  } else {
    const where = ["p.status = 'approved'", ...filters]
    if (p.fts.kind === "match") where.push(`p.id IN (${matching(true)})`)
    let innerOrder
    if (p.mode === "top") {
      innerOrder = "p.vote_count DESC, p.published_at DESC, p.id DESC"
      outerOrder = "page.vc DESC, page.pa DESC, page.id DESC"
      if (cursor) {
        where.push("(p.vote_count, p.published_at, p.id) < ({:cv}, {:ca}, {:ci})")
        Object.assign(bind, { cv: cursor.v, ca: cursor.a, ci: cursor.i })
      }
    } else {
      innerOrder = "p.published_at DESC, p.id DESC"
      outerOrder = "page.pa DESC, page.id DESC"
      if (cursor) {
        where.push("(p.published_at, p.id) < ({:ca}, {:ci})")
        Object.assign(bind, { ca: cursor.a, ci: cursor.i })
      }
    }
    // 'Seguindo': read the followed makers' products by maker (then sort them) rather than walk
    // every approved product newest first looking for them: the cost follows what one follows
    const from = p.following ? "products p INDEXED BY idx_products_created_by" : "products p"
    inner =
      `SELECT p.id AS id, p.published_at AS pa, p.vote_count AS vc FROM ${from} ` +
      `WHERE ${where.join(" AND ")} ORDER BY ${innerOrder} LIMIT {:lim}`
  }

  let rows
  try {
    rows = queryCards(app, inner, outerOrder, bind)
  } catch (err) {
    // FTS5 refuses some expressions (e.g. every term a stop word of its own); never a 500
    if (p.fts.kind === "none") throw err
    require(`${__hooks}/lib/util.js`).logWarn(`product search failed for ${JSON.stringify(bind.q)}`, err)
    return '{"items":[],"nextCursor":null,"total":0,"totalMore":false}'
  }

  let next = null
  if (rows.length > p.limit) {
    rows = rows.slice(0, p.limit)
    const last = rows[rows.length - 1]
    if (p.mode === "relevance") {
      const offset = bind.off + p.limit
      next =
        offset < RELEVANCE_WINDOW ? { m: "relevance", s: snapshot.s, r: snapshot.r, o: offset, t: snapshot.t } : null
    } else if (p.mode === "top") next = { m: "top", v: last.vc, a: last.pa, i: last.id }
    else next = { m: "recent", a: last.pa, i: last.id }
  }
  const items = rows.map((r) => r.j).join(",")
  const nextText = next ? JSON.stringify(encodeCursor(next)) : "null"
  if (p.cursor) return `{"items":[${items}],"nextCursor":${nextText}}`
  // the first page says how many there are (the count runs only when there is more than this page)
  const total = next
    ? require(`${__hooks}/lib/products-facets.js`).countMatching(app, p)
    : { n: rows.length, more: false }
  return `{"items":[${items}],"nextCursor":${nextText},"total":${total.n},"totalMore":${total.more}}`
}

const JSON_TYPE = "application/json; charset=utf-8"

/**
 * The body and ETag for `key` in `scope`: from the response cache, or computed (and cached).
 * Bodies are cached as Go bytes: a hit writes them out without converting a JS string, and a
 * 304 does not touch them at all.
 */
function cachedBody(app, scope, key, compute) {
  const cache = require(`${__hooks}/lib/products-cache.js`)
  const hit = cache.get(app, scope, key)
  if (hit !== null) return { body: hit.b, etag: hit.e }
  const gen = cache.generation(app, scope)
  const startedAt = Date.now()
  const text = compute()
  const etag = require(`${__hooks}/lib/http-cache.js`).etagOf(text)
  const bytes = toBytes(text)
  cache.set(app, scope, key, gen, startedAt, bytes, etag)
  return { body: bytes, etag }
}

/** A private answer (the caller's own feed): never cached, by us or on the way. */
function sendPrivateJson(e, body) {
  e.response.header().set("Content-Type", JSON_TYPE)
  e.response.header().set("Cache-Control", "private, no-store")
  return e.string(200, body)
}

/** Answers a public read from the cache (ETag, 304, Cache-Control: lib/http-cache.js). */
function cachedJson(e, scope, key, compute) {
  const r = cachedBody(e.app, scope, key, compute)
  return require(`${__hooks}/lib/http-cache.js`).sendPublic(e, JSON_TYPE, r.body, r.etag)
}

function listCompute(app, p) {
  return () => {
    const body = pageBody(app, p)
    if (body === null) {
      const m = rules().messages.cursorInvalid
      throw new BadRequestError(m, { cursor: new ValidationError("validation_invalid_cursor", m) })
    }
    return body
  }
}

/** GET /api/vitrine/products */
function list(e) {
  const p = listParams(e.requestInfo().query)
  if (p.following) {
    // private to the caller: never in the shared response cache
    p.me = userId(e)
    if (!p.me) throw new UnauthorizedError(rules().messages.loginToFollowing + ".")
    return sendPrivateJson(e, listCompute(e.app, p)())
  }
  return cachedJson(e, "list", cacheKey(p), listCompute(e.app, p))
}

/** The listing's JSON text for `query` (as GET /api/vitrine/products takes it), for /home's bootstrap. */
function listText(app, query) {
  const p = listParams(query)
  if (p.following) return null // private: never sent with the page
  return toString(cachedBody(app, "list", cacheKey(p), listCompute(app, p)).body)
}

/** The facets' JSON text, for /home's bootstrap. */
function facetsText(app) {
  return toString(cachedBody(app, "facets", "facets", () => facetsBody(app)).body)
}

/** Folded sort key: 'Educação' sorts with 'educacao', between 'Design' and 'Finanças'. */
function sortKey(name) {
  return require(`${__hooks}/lib/products-search.js`).fold(name)
}

/**
 * GET /api/vitrine/facets: categories (by name) and tags (most used first), approved products
 * only. With the listing's filters (search, category, tag, lovable, epic), each count is what that
 * choice would list under the other active filters (lib/products-facets.js).
 */
function facets(e) {
  const p = listParams(e.requestInfo().query)
  p.following = false // a private feed: its facets are the public ones
  const f = require(`${__hooks}/lib/products-facets.js`)
  if (!f.narrowed(p)) return cachedJson(e, "facets", "facets", () => facetsBody(e.app))
  return cachedJson(e, "facets", "facets" + cacheKey(p), () => f.filteredFacetsBody(e.app, p, sortKey))
}

function facetsBody(app) {
  // counts kept by triggers (migration 1795313100_products.js): approved products only, so a
  // pending product's new tag is not public yet
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

  // the sort key is computed once per row (folding in goja is not free)
  const keyed = (rows) => rows.map((r) => ({ key: sortKey(r.name), item: { id: r.id, name: r.name, count: r.count } }))
  const byName = (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  const items = (rows) => rows.map((r) => r.item)
  return JSON.stringify({
    categories: items(keyed(categories).sort(byName)),
    tags: items(keyed(tags).sort((a, b) => b.item.count - a.item.count || byName(a, b))),
  })
}

const cursors = () => require(`${__hooks}/lib/products-cursor.js`)
const encodeBase64Url = (text) => cursors().encodeBase64Url(text)
const decodeBase64Url = (s) => cursors().decodeBase64Url(s)
const encodeCursor = (c) => cursors().encodeCursor(c)
const decodeCursor = (raw, mode) => cursors().decodeCursor(raw, mode, RELEVANCE_WINDOW)

// one product's reads live in lib/products-detail.js; these names stay here for their callers
const details = () => require(`${__hooks}/lib/products-detail.js`)
const detailOrRelated = (e) => details().detailOrRelated(e)
const visibleHead = (e, column, value) => details().visibleHead(e, column, value)
const isPrivileged = (e, createdBy) => details().isPrivileged(e, createdBy)
const userId = (e) => details().userId(e)
const productHead = (app, column, value) => details().productHead(app, column, value)
const publicDetailText = (app, id) => details().publicDetailText(app, id)

module.exports = {
  list,
  listText,
  facets,
  listParams,
  filterClauses,
  matchingSql,
  facetsText,
  publicDetailText,
  detailOrRelated,
  visibleHead,
  isPrivileged,
  userId,
  productHead,
  nowText,
  // for the ranking (lib/launches.js) and one product's reads (lib/products-detail.js): the same
  // card JSON, cursor codec and response cache
  queryCards,
  cardJson,
  CARD_JOINS,
  collectionIds,
  cachedJson,
  encodeBase64Url,
  decodeBase64Url,
  DEFAULT_LIMIT,
  MAX_LIMIT,
}
