// @ts-check
/// <reference path="../types/types.d.ts" />
// One product's reads: the product page by slug, its related products and its comments. Custom
// routes skip API rules, so visibility is checked here: a product that is not approved exists only
// for its owner, staff and superusers (lib/access.js isPrivileged). The card JSON is the listing's
// (lib/products-cards.js).

const { rules, sqlInt } = require(`${__hooks}/lib/util.js`)
const { JSON_TYPE, sendPublicJson, cachedJson } = require(`${__hooks}/lib/products-response.js`)

function cards() {
  return require(`${__hooks}/lib/products-cards.js`)
}
function access() {
  return require(`${__hooks}/lib/access.js`)
}
function statements() {
  return require(`${__hooks}/lib/statements.js`)
}

/** @typedef {{ id: string, status: string, created_by: string, slug: string, category: string }} ProductHead */

/**
 * {id, status, created_by, slug, category} of a product, or null.
 * @param {core.App} app
 * @param {"id" | "slug"} column
 * @param {string} value
 * @returns {ProductHead | null}
 */
function productHead(app, column, value) {
  const sql = `SELECT id, status, created_by, slug, category FROM products WHERE ${column} = ?1 LIMIT 1`
  const head = statements().one(app, sql, [value], ["id", "status", "created_by", "slug", "category"])
  return /** @type {ProductHead | null} */ (head)
}

/**
 * The product head if the caller may see it; otherwise a 404 with the app's message.
 * @param {core.RequestEvent} e
 * @param {"id" | "slug"} column
 * @param {string} value
 */
function visibleHead(e, column, value) {
  const head = productHead(e.app, column, value)
  requireVisible(e, head)
  return /** @type {ProductHead} */ (head)
}

/**
 * A 404 with the app's message unless `head` (a product's {status, created_by}, or null when
 * there is none) is approved or the caller is its owner or staff.
 * @param {core.RequestEvent} e
 * @param {{ [column: string]: string } | null} head
 */
function requireVisible(e, head) {
  if (head && (head.status === "approved" || access().isPrivileged(e, head.created_by))) return
  throw new NotFoundError(rules().messages.notFound + ".")
}

/**
 * The product page's JSON (card plus detail fields) of the product whose `column` is `value`, and
 * its status; null when there is none. `privileged`: the viewer may read the rejection reason, and
 * gets the page built by SQLite; anyone else's is read as stored (lib/products-cards.js
 * storedDetailSql, a prepared statement), or built when its stored rows are missing (none should
 * be).
 * @param {core.App} app
 * @param {"id" | "slug"} column
 * @param {string} value
 * @param {boolean} privileged
 * @returns {{ status: string, j: string } | null}
 */
function detailRow(app, column, value, privileged) {
  if (!privileged) {
    const row = statements().one(app, cards().storedDetailSql(column), [value], ["status", "j"])
    if (row === null || row.j) return /** @type {{ status: string, j: string } | null} */ (row)
  }
  const built =
    `SELECT p.status AS status, ${cards().cardJson(true)} AS j FROM products p ${cards().CARD_JOINS} ` +
    `WHERE p.${column} = {:v}`
  const row = oneRow(app, built, Object.assign(cards().collectionIds(app), { v: value, priv: privileged }))
  return row && { status: row.status, j: row.j }
}

/**
 * The {status, j} row `sql` answers, or null when it answers none.
 * @param {core.App} app
 * @param {string} sql
 * @param {{ [name: string]: unknown }} bind
 */
function oneRow(app, sql, bind) {
  const row = new DynamicModel({ status: "", j: "" })
  try {
    app.db().newQuery(sql).bind(bind).one(row)
  } catch (_) {
    return null // no such product
  }
  return row
}

/**
 * The product page's JSON of product `id` (which exists), as text.
 * @param {core.App} app
 * @param {string} id
 * @param {boolean} privileged
 * @returns {string}
 */
function detailText(app, id, privileged) {
  const row = detailRow(app, "id", id, privileged)
  return row ? row.j : ""
}

/**
 * An approved product's page as anyone sees it (no rejection reason), as JSON text: what
 * GET /products/{slug} puts into the HTML for the app (lib/products-og.js).
 * @param {core.App} app
 * @param {string} id
 */
function publicDetailText(app, id) {
  return detailText(app, id, false)
}

/**
 * The page of the product `slug` for a signed-in caller (who may be its owner or staff).
 * @param {core.RequestEvent} e
 * @param {string} slug
 */
function privateDetail(e, slug) {
  const head = visibleHead(e, "slug", slug)
  return detailText(e.app, head.id, access().isPrivileged(e, head.created_by))
}

/**
 * The page of the product `slug` for a visitor without a session: approved products only, in one
 * query (most product pages are opened from a shared link, signed out).
 * @param {string} slug
 * @param {core.App} app
 */
function publicDetail(slug, app) {
  const row = detailRow(app, "slug", slug, false)
  if (!row || row.status !== "approved") throw new NotFoundError(rules().messages.notFound + ".")
  return row.j
}

/**
 * The body of GET /api/vitrine/products/by-slug/{slug}: what the caller may see.
 * @param {core.RequestEvent} e
 * @param {string} slug
 */
function detailBody(e, slug) {
  return e.auth ? privateDetail(e, slug) : publicDetail(slug, e.app)
}

/**
 * Answers the product page `body`, as it is or (after $apis.gzip) gzip'd; what it shows depends
 * on who asks (pending products, the reason): never in a shared cache.
 * @param {core.RequestEvent} e
 * @param {string} body
 */
function sendDetail(e, body) {
  e.response.header().set("Cache-Control", require(`${__hooks}/lib/http-cache.js`).PRIVATE)
  require(`${__hooks}/lib/compressed.js`).vary(e)
  return e.blob(200, JSON_TYPE, body)
}

/**
 * GET /api/vitrine/products/{id}/related: up to 3 approved products of the same category, by votes.
 * Most products of a category share the same three (its top ones), so the answer is cached by
 * which three it lists (lib/products-response.js cachedJson, with the listing's freshness: cards
 * may show counters up to 2 s old, like the listing's): one query finds the product and the ids,
 * and the cards are built once per set.
 * @param {core.RequestEvent} e
 * @param {string} id
 */
function related(e, id) {
  // the first rows of idx_products_approved_category_top (migration 1795313520), no sort
  const row = statements().one(
    e.app,
    "SELECT p.id AS id, p.status AS status, p.created_by AS created_by, COALESCE((SELECT group_concat(r.id) " +
      "FROM (SELECT q.id AS id FROM products q WHERE q.status = 'approved' AND q.category = p.category " +
      "AND q.category != '' AND q.id != p.id ORDER BY q.vote_count DESC, q.published_at DESC, q.id DESC " +
      `LIMIT ${sqlInt(rules().limits.relatedProducts)}) r), '') AS rel FROM products p WHERE p.id = ?1`,
    [id],
    ["id", "status", "created_by", "rel"],
  )
  requireVisible(e, row) // null: no such product
  const ids = row && row.rel ? row.rel.split(",") : []
  // before the gzip middleware (beforeGzip): the cached gzip'd copy goes out as it is
  return cachedJson(e, "list", "related\u0001" + ids.join(","), (shown) => relatedBody(e.app, ids, shown))
}

/**
 * The related products' JSON for these ids (cards by votes, as the listing builds them); `shown`
 * is told their ids in the order the cards are (a change of that order is a change of their
 * counters, which the response cache checks).
 * @param {core.App} app
 * @param {string[]} ids
 * @param {import("./products-response.js").Shown} shown
 */
function relatedBody(app, ids, shown) {
  if (ids.length === 0) return '{"items":[]}'
  const inner =
    "SELECT p.id AS id, p.published_at AS pa, p.vote_count AS vc FROM products p " +
    "WHERE p.id IN (SELECT value FROM json_each({:ids})) AND p.status = 'approved'"
  const order = "page.vc DESC, page.pa DESC, page.id DESC"
  const rows = cards().queryCards(app, inner, order, { ids: JSON.stringify(ids) })
  shown.ids = rows.map((r) => r.id)
  return `{"items":[${rows.map((r) => r.j).join(",")}]}`
}

/**
 * GET /api/vitrine/products/{id}/comments: the product's comments, oldest first, without the
 * soft-deleted ones, each with its author (id, name, username, avatar), in the shape the
 * collection API gives (`{items: [{id, parent, content, created, user, expand: {user}}]}`), built
 * by SQLite in the same query that finds the product. Visible to whoever may see the product.
 * (The collection API answers the same list, but PocketBase throttles guests whose filtered lists
 * come back empty, up to 500 ms a request, and most products have no comments yet.)
 * @param {core.RequestEvent} e
 * @param {string} id
 * @returns {string}
 */
function commentsBody(e, id) {
  const author =
    "json_object('id', u.id, 'collectionId', ?3, 'display_name', u.display_name, 'username', u.username, 'avatar', u.avatar)"
  const comment =
    "json_object('id', c.id, 'collectionId', ?2, 'parent', c.parent, 'content', c.content, " +
    "'created', c.created, 'user', c.user, " +
    `'expand', json(CASE WHEN u.id IS NULL THEN '{}' ELSE json_object('user', ${author}) END))`
  const row = statements().one(
    e.app,
    "SELECT p.id AS id, p.status AS status, p.created_by AS created_by, " +
      `COALESCE((SELECT group_concat(${comment}, ',' ORDER BY c.created, c.id) ` +
      "FROM comments c LEFT JOIN users u ON u.id = c.user WHERE c.product = p.id AND c.is_deleted = FALSE), '') " +
      "AS items FROM products p WHERE p.id = ?1",
    [id, e.app.findCachedCollectionByNameOrId("comments").id, e.app.findCachedCollectionByNameOrId("users").id],
    ["id", "status", "created_by", "items"],
  )
  requireVisible(e, row) // null: no such product
  return `{"items":[${/** @type {{ items: string }} */ (row).items}]}`
}

// Below this many characters an answer goes out as it is: gzip would save a few hundred bytes at
// most, within the same packet, for its CPU (most products' comment lists are `{"items":[]}`, and
// a product page with a short description is ~1 KB). Go's gzip middleware first clears its
// 640 KB of match tables for every response it compresses: 13% of a product page's CPU at
// 100,000 products (perf), more than its SQL's execution.
const GZIP_MIN_CHARS = 1024
const BODY_KEY = "vitrine.body"

/**
 * The first middleware of GET /api/vitrine/products/{first}/{second}, before $apis.gzip: answers
 * what needs no compression on the fly itself, so the gzip middleware never runs for it. Related
 * products come from the response cache with their gzip'd copy; a short product page or comment
 * list goes out as it is. A longer one goes on to the gzip middleware.
 * @param {core.RequestEvent} e
 */
function beforeGzip(e) {
  const first = String(e.request.pathValue("first") || "")
  const second = String(e.request.pathValue("second") || "")
  const page = first === "by-slug"
  if (!page && second === "related") return related(e, first)
  if (!page && second !== "comments") throw new NotFoundError()
  const body = page ? detailBody(e, second) : commentsBody(e, first)
  if (body.length < GZIP_MIN_CHARS) {
    return page ? sendDetail(e, body) : require(`${__hooks}/lib/http-cache.js`).sendPublicShort(e, JSON_TYPE, body)
  }
  e.set(BODY_KEY, body)
  return e.next()
}

/**
 * GET /api/vitrine/products/{first}/{second}, after beforeGzip and $apis.gzip: the product page
 * (by-slug/{slug}) or comment list of 1 KB or more that beforeGzip read.
 * @param {core.RequestEvent} e
 */
function detailOrRelated(e) {
  const body = String(e.get(BODY_KEY))
  return String(e.request.pathValue("first") || "") === "by-slug" ? sendDetail(e, body) : sendPublicJson(e, body)
}

module.exports = { beforeGzip, detailOrRelated, visibleHead, productHead, publicDetailText }
