// @ts-check
/// <reference path="../types/types.d.ts" />
// One product's reads: the product page by slug, its related products and its comments. Custom
// routes skip API rules, so visibility is checked here: a product that is not approved exists only
// for its owner, staff and superusers (lib/access.js isPrivileged). The card JSON is the listing's
// (lib/products-cards.js).

const { rules } = require(`${__hooks}/lib/util.js`)
const { JSON_TYPE, sendPublicJson } = require(`${__hooks}/lib/products-response.js`)

function cards() {
  return require(`${__hooks}/lib/products-cards.js`)
}
function access() {
  return require(`${__hooks}/lib/access.js`)
}

/**
 * {id, status, created_by, slug, category} of a product, or null.
 * @param {core.App} app
 * @param {string} column
 * @param {string} value
 * @returns {DynamicModel | null}
 */
function productHead(app, column, value) {
  const row = new DynamicModel({ id: "", status: "", created_by: "", slug: "", category: "" })
  try {
    app
      .db()
      .newQuery(`SELECT id, status, created_by, slug, category FROM products WHERE ${column} = {:v} LIMIT 1`)
      .bind({ v: value })
      .one(row)
  } catch (_) {
    return null // no rows
  }
  return row
}

/**
 * The product head if the caller may see it; otherwise a 404 with the app's message.
 * @param {core.RequestEvent} e
 * @param {string} column
 * @param {string} value
 */
function visibleHead(e, column, value) {
  const head = productHead(e.app, column, value)
  if (head && (head.status === "approved" || access().isPrivileged(e, head.created_by))) return head
  throw new NotFoundError(rules().messages.notFound + ".")
}

/**
 * The product page's JSON (card plus detail fields) of product `id`, as text, built by SQLite;
 * `privileged`: the viewer may read the rejection reason.
 * @param {core.App} app
 * @param {string} id
 * @param {boolean} privileged
 * @returns {string}
 */
function detailText(app, id, privileged) {
  const row = new DynamicModel({ j: "" })
  app
    .db()
    .newQuery(`SELECT ${cards().cardJson(true)} AS j FROM products p ${cards().CARD_JOINS} WHERE p.id = {:id}`)
    .bind(Object.assign(cards().collectionIds(app), { id: id, priv: privileged }))
    .one(row)
  return row.j
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
 * GET /api/vitrine/products/by-slug/{slug}
 * @param {core.RequestEvent} e
 * @param {string} slug
 */
function detail(e, slug) {
  const head = visibleHead(e, "slug", slug)
  const body = detailText(e.app, head.id, access().isPrivileged(e, head.created_by))
  // what it shows depends on who asks (pending products, the reason): never in a shared cache
  e.response.header().set("Cache-Control", require(`${__hooks}/lib/http-cache.js`).PRIVATE)
  return e.blob(200, JSON_TYPE, body)
}

/**
 * GET /api/vitrine/products/{id}/related: up to 3 approved products of the same category, by votes.
 * @param {core.RequestEvent} e
 * @param {string} id
 */
function related(e, id) {
  const head = visibleHead(e, "id", id)
  const limit = rules().limits.relatedProducts
  let body = '{"items":[]}'
  if (head.category) {
    // the first rows of idx_products_approved_category_top (migration 1795313520), no sort
    const inner =
      "SELECT p.id AS id, p.published_at AS pa, p.vote_count AS vc FROM products p " +
      "WHERE p.status = 'approved' AND p.category = {:cat} AND p.id != {:self} " +
      "ORDER BY p.vote_count DESC, p.published_at DESC, p.id DESC LIMIT {:lim}"
    const order = "page.vc DESC, page.pa DESC, page.id DESC"
    const rows = cards().queryCards(e.app, inner, order, { self: head.id, cat: head.category, lim: limit })
    body = `{"items":[${rows.map((r) => r.j).join(",")}]}`
  }
  return sendPublicJson(e, body)
}

/**
 * GET /api/vitrine/products/{id}/comments: the product's comments, oldest first, without the
 * soft-deleted ones, each with its author (id, name, username, avatar), in the shape the
 * collection API gives (`{items: [{id, parent, content, created, user, expand: {user}}]}`), built
 * by SQLite. Visible to whoever may see the product. (The collection API answers the same list,
 * but PocketBase throttles guests whose filtered lists come back empty, up to 500 ms a request,
 * and most products have no comments yet.)
 * @param {core.RequestEvent} e
 * @param {string} id
 */
function comments(e, id) {
  const head = visibleHead(e, "id", id)
  const author =
    "json_object('id', u.id, 'collectionId', {:ucol}, 'display_name', u.display_name, 'username', u.username, 'avatar', u.avatar)"
  const rows = arrayOf(new DynamicModel({ j: "" }))
  e.app
    .db()
    .newQuery(
      "SELECT json_object('id', c.id, 'collectionId', {:ccol}, 'parent', c.parent, 'content', c.content, " +
        "'created', c.created, 'user', c.user, " +
        `'expand', json(CASE WHEN u.id IS NULL THEN '{}' ELSE json_object('user', ${author}) END)) AS j ` +
        "FROM comments c LEFT JOIN users u ON u.id = c.user " +
        "WHERE c.product = {:p} AND c.is_deleted = FALSE ORDER BY c.created, c.id",
    )
    .bind({
      p: head.id,
      ccol: e.app.findCachedCollectionByNameOrId("comments").id,
      ucol: e.app.findCachedCollectionByNameOrId("users").id,
    })
    .all(rows)
  const body = `{"items":[${rows.map((r) => r.j).join(",")}]}`
  return sendPublicJson(e, body)
}

/**
 * GET /api/vitrine/products/{first}/{second}: by-slug/{slug}, {id}/related or {id}/comments.
 * @param {core.RequestEvent} e
 */
function detailOrRelated(e) {
  const first = String(e.request.pathValue("first") || "")
  const second = String(e.request.pathValue("second") || "")
  if (first === "by-slug") return detail(e, second)
  if (second === "related") return related(e, first)
  if (second === "comments") return comments(e, first)
  throw new NotFoundError()
}

module.exports = { detailOrRelated, visibleHead, productHead, publicDetailText }
