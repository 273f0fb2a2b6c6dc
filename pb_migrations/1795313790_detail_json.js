/// <reference path="../pb_data/types.d.ts" />
// The product page's JSON as anyone sees it, ready to read, like the cards (1795313770_card_json.js):
// product_detail_json holds each product's page after the counters, `tail` (published_at to
// updated, the maker with their bio), kept by triggers on products, categories, users and
// product_card_tags. A product page is then the card's stored `head` || the four counters || this
// `tail` (pb_hooks/lib/products-cards.js STORED_DETAIL). Building it with json_object, with three
// joins, was most of a product page's time: at 100,000 products and 50 connections, GET
// /api/vitrine/products/by-slug/... answered ~1,750 random pages a second built, ~2,100-2,500 read.
// Only the public page is stored: the rejection reason is empty here, and the maker or staff, who
// may read it, still get the page built (products-cards.js cardJson(true)).
// The fields are frozen here as they are in products-cards.js cardJson(true) at this migration;
// a change of them needs a migration that rewrites this table (tests/card-json.test.ts compares
// the stored page with the built one after every kind of change).

const TRIGGERS = [
  "product_detail_json_ai",
  "product_detail_json_au",
  "product_detail_json_ad",
  "product_detail_json_tags_ai",
  "product_detail_json_tags_au",
  "product_detail_json_tags_ad",
  "product_detail_json_category_au",
  "product_detail_json_category_ad",
  "product_detail_json_user_au",
  "product_detail_json_user_ad",
]

/** Rewrites the stored page of every product in `productsSql` (a SELECT of product ids). */
function rewrite(ucol, productsSql) {
  const q = (s) => `'${s.replace(/'/g, "''")}'`
  const maker = [
    "'id', u.id",
    `'collectionId', ${q(ucol)}`,
    "'username', u.username",
    "'display_name', u.display_name",
    "'avatar', u.avatar",
    "'bio', u.bio",
  ]
  const tail = [
    "'published_at', p.published_at",
    "'category', json(CASE WHEN c.id IS NULL THEN NULL ELSE json_object('id', c.id, 'name', c.name) END)",
    "'tags', json(COALESCE(ct.tags, '[]'))",
    `'maker', json(CASE WHEN u.id IS NULL THEN NULL ELSE json_object(${maker.join(", ")}) END)`,
    "'status', p.status",
    "'rejection_reason', ''",
    "'created_by', p.created_by",
    "'url', p.url",
    "'created', p.created",
    "'updated', p.updated",
  ]
  return (
    `INSERT INTO product_detail_json (product, tail) ` +
    `SELECT x.id, ',' || substr(x.t, 2) FROM (` +
    `SELECT p.id AS id, json_object(${tail.join(", ")}) AS t ` +
    `FROM products p LEFT JOIN categories c ON c.id = p.category LEFT JOIN users u ON u.id = p.created_by ` +
    `LEFT JOIN product_card_tags ct ON ct.product = p.id WHERE p.id IN (${productsSql})) x WHERE true ` +
    `ON CONFLICT (product) DO UPDATE SET tail = excluded.tail;`
  )
}

// the product's columns its page shows after the counters (the head's are the card's, kept by
// product_card_json)
const TAIL_COLUMNS = ["published_at", "category", "created_by", "status", "url", "created", "updated"]
const changed = (cols) => cols.map((c) => `new.${c} IS NOT old.${c}`).join(" OR ")

migrate(
  (app) => {
    const sql = (s) => app.db().newQuery(s).execute()
    const r = (productsSql) => rewrite(app.findCollectionByNameOrId("users").id, productsSql)
    sql("CREATE TABLE product_detail_json (product TEXT PRIMARY KEY NOT NULL, tail TEXT NOT NULL) WITHOUT ROWID")
    sql(r("SELECT id FROM products"))
    sql(`CREATE TRIGGER product_detail_json_ai AFTER INSERT ON products BEGIN ${r("SELECT new.id")} END`)
    sql(`CREATE TRIGGER product_detail_json_au AFTER UPDATE ON products WHEN ${changed(TAIL_COLUMNS)} BEGIN
      ${r("SELECT new.id")} END`)
    sql(`CREATE TRIGGER product_detail_json_ad AFTER DELETE ON products BEGIN
      DELETE FROM product_detail_json WHERE product = old.id; END`)
    sql(
      `CREATE TRIGGER product_detail_json_tags_ai AFTER INSERT ON product_card_tags BEGIN ${r("SELECT new.product")} END`,
    )
    sql(`CREATE TRIGGER product_detail_json_tags_au AFTER UPDATE ON product_card_tags BEGIN
      ${r("SELECT new.product UNION SELECT old.product")} END`)
    sql(
      `CREATE TRIGGER product_detail_json_tags_ad AFTER DELETE ON product_card_tags BEGIN ${r("SELECT old.product")} END`,
    )
    sql(`CREATE TRIGGER product_detail_json_category_au AFTER UPDATE ON categories WHEN new.name IS NOT old.name BEGIN
      ${r("SELECT id FROM products WHERE category = new.id")} END`)
    sql(`CREATE TRIGGER product_detail_json_category_ad AFTER DELETE ON categories BEGIN
      ${r("SELECT id FROM products WHERE category = old.id")} END`)
    sql(`CREATE TRIGGER product_detail_json_user_au AFTER UPDATE ON users
      WHEN new.username IS NOT old.username OR new.display_name IS NOT old.display_name OR new.avatar IS NOT old.avatar
        OR new.bio IS NOT old.bio
      BEGIN ${r("SELECT id FROM products WHERE created_by = new.id")} END`)
    sql(`CREATE TRIGGER product_detail_json_user_ad AFTER DELETE ON users BEGIN
      ${r("SELECT id FROM products WHERE created_by = old.id")} END`)
  },
  (app) => {
    const sql = (s) => app.db().newQuery(s).execute()
    for (const t of TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DROP TABLE IF EXISTS product_detail_json")
  },
)
