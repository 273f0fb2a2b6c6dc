// @ts-check
/// <reference path="../types/types.d.ts" />
// A product card as JSON, built by SQLite (json_object; the tags from product_card_tags, kept by
// triggers; category and maker by join): the listing, the ranking, related products and the product
// page share this one shape, so the JS side only concatenates rows and maps no objects. Lists read
// the card stored in product_card_json (migration 1795313770_card_json.js) with the counters spliced
// in; that migration freezes cardJson(false)'s fields: a change of them needs a migration that
// rewrites the table (tests/card-json.test.ts compares a listed card with the product page's).

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
// listing's SQL). A product without a row (none should lack one) gets the card built by
// cardJson(false): COALESCE runs that subquery only for a NULL.
const STORED_CARD =
  `COALESCE(cj.head || '"vote_count":' || p.vote_count || ',"view_count":' || p.view_count || ` +
  `',"click_count":' || p.click_count || ',"comment_count":' || p.comment_count || cj.tail, ` +
  `(SELECT ${cardJson(false)} FROM products p ${CARD_JOINS} WHERE p.id = page.id))`

/** @param {core.App} app */
function collectionIds(app) {
  return {
    pcol: app.findCachedCollectionByNameOrId("products").id,
    ucol: app.findCachedCollectionByNameOrId("users").id,
  }
}

/**
 * Rows of {id, pa, vc, j} (j = card JSON), in page order.
 * @param {core.App} app
 * @param {string} innerSql
 * @param {string} orderSql
 * @param {{ [name: string]: unknown }} bind
 */
function queryCards(app, innerSql, orderSql, bind) {
  const sql =
    `WITH page AS MATERIALIZED (${innerSql}) ` +
    `SELECT page.id AS id, page.pa AS pa, page.vc AS vc, ${STORED_CARD} AS j ` +
    `FROM page JOIN products p ON p.id = page.id LEFT JOIN product_card_json cj ON cj.product = p.id ` +
    `ORDER BY ${orderSql}`
  const rows = arrayOf(new DynamicModel({ id: "", pa: "", vc: 0, j: "" }))
  app
    .db()
    .newQuery(sql)
    .bind(Object.assign(collectionIds(app), bind))
    .all(rows)
  return rows
}

module.exports = { cardJson, CARD_JOINS, collectionIds, queryCards }
