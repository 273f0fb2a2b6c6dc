/// <reference path="../pb_data/types.d.ts" />
// A product card's JSON, ready to read: product_card_json holds each product's card
// (pb_hooks/lib/products-cards.js) in two pieces, `head` (id to built_with_epic) and `tail`
// (published_at to maker), kept by triggers on products, categories, users and product_card_tags.
// A card is then head || the four counters || tail: the counters change with every vote, view and
// comment, so they stay in products and are spliced in at read time, and nothing else of a card
// is built per read. Measured at 100,000 products: building the listing's 24 cards with
// json_object was ~1.5 ms of CPU per page, most of an uncached listing's SQL.
// The card's fields are frozen here as they are in products-cards.js at this migration; a change
// of the card's shape needs a migration that rewrites this table (and products-cards.js reads a
// product without a row with the full json_object, so a missing row is never a missing card).
// Like product_card_tags (1795313760_card_tags.js), a plain SQLite table outside PocketBase's
// collections; raw SQL writes keep it right too.

const TRIGGERS = [
  "product_card_json_ai",
  "product_card_json_au",
  "product_card_json_ad",
  "product_card_json_tags_ai",
  "product_card_json_tags_au",
  "product_card_json_tags_ad",
  "product_card_json_category_au",
  "product_card_json_category_ad",
  "product_card_json_user_au",
  "product_card_json_user_ad",
]

/** Rewrites the card of every product in `productsSql` (a SELECT of product ids). */
function rewrite(pcol, ucol, productsSql) {
  const q = (s) => `'${s.replace(/'/g, "''")}'`
  const bool = (col) => `json(CASE WHEN ${col} THEN 'true' ELSE 'false' END)`
  const head = [
    "'id', p.id",
    `'collectionId', ${q(pcol)}`,
    "'slug', p.slug",
    "'title', p.title",
    "'description', p.description",
    "'images', json(CASE WHEN json_valid(p.images) AND json_type(p.images) = 'array' THEN p.images ELSE '[]' END)",
    `'built_with_lovable', ${bool("p.built_with_lovable")}`,
    `'built_with_epic', ${bool("p.built_with_epic")}`,
  ]
  const maker = [
    "'id', u.id",
    `'collectionId', ${q(ucol)}`,
    "'username', u.username",
    "'display_name', u.display_name",
    "'avatar', u.avatar",
  ]
  const tail = [
    "'published_at', p.published_at",
    "'category', json(CASE WHEN c.id IS NULL THEN NULL ELSE json_object('id', c.id, 'name', c.name) END)",
    "'tags', json(COALESCE(ct.tags, '[]'))",
    `'maker', json(CASE WHEN u.id IS NULL THEN NULL ELSE json_object(${maker.join(", ")}) END)`,
  ]
  return (
    `INSERT INTO product_card_json (product, head, tail) ` +
    `SELECT x.id, substr(x.h, 1, length(x.h) - 1) || ',', ',' || substr(x.t, 2) FROM (` +
    `SELECT p.id AS id, json_object(${head.join(", ")}) AS h, json_object(${tail.join(", ")}) AS t ` +
    `FROM products p LEFT JOIN categories c ON c.id = p.category LEFT JOIN users u ON u.id = p.created_by ` +
    `LEFT JOIN product_card_tags ct ON ct.product = p.id WHERE p.id IN (${productsSql})) x WHERE true ` +
    `ON CONFLICT (product) DO UPDATE SET head = excluded.head, tail = excluded.tail;`
  )
}

// the product's columns a card shows, apart from the counters
const CARD_COLUMNS = [
  "slug",
  "title",
  "description",
  "images",
  "built_with_lovable",
  "built_with_epic",
  "published_at",
  "category",
  "created_by",
]
const changed = (cols) => cols.map((c) => `new.${c} IS NOT old.${c}`).join(" OR ")

migrate(
  (app) => {
    const sql = (s) => app.db().newQuery(s).execute()
    const pcol = app.findCollectionByNameOrId("products").id
    const ucol = app.findCollectionByNameOrId("users").id
    const r = (productsSql) => rewrite(pcol, ucol, productsSql)
    sql(
      "CREATE TABLE product_card_json (product TEXT PRIMARY KEY NOT NULL, head TEXT NOT NULL, tail TEXT NOT NULL) WITHOUT ROWID",
    )
    sql(r("SELECT id FROM products"))
    sql(`CREATE TRIGGER product_card_json_ai AFTER INSERT ON products BEGIN ${r("SELECT new.id")} END`)
    sql(`CREATE TRIGGER product_card_json_au AFTER UPDATE ON products WHEN ${changed(CARD_COLUMNS)} BEGIN
      ${r("SELECT new.id")} END`)
    sql(`CREATE TRIGGER product_card_json_ad AFTER DELETE ON products BEGIN
      DELETE FROM product_card_json WHERE product = old.id; END`)
    sql(
      `CREATE TRIGGER product_card_json_tags_ai AFTER INSERT ON product_card_tags BEGIN ${r("SELECT new.product")} END`,
    )
    sql(`CREATE TRIGGER product_card_json_tags_au AFTER UPDATE ON product_card_tags BEGIN
      ${r("SELECT new.product UNION SELECT old.product")} END`)
    sql(
      `CREATE TRIGGER product_card_json_tags_ad AFTER DELETE ON product_card_tags BEGIN ${r("SELECT old.product")} END`,
    )
    sql(`CREATE TRIGGER product_card_json_category_au AFTER UPDATE ON categories WHEN new.name IS NOT old.name BEGIN
      ${r("SELECT id FROM products WHERE category = new.id")} END`)
    sql(`CREATE TRIGGER product_card_json_category_ad AFTER DELETE ON categories BEGIN
      ${r("SELECT id FROM products WHERE category = old.id")} END`)
    sql(`CREATE TRIGGER product_card_json_user_au AFTER UPDATE ON users
      WHEN new.username IS NOT old.username OR new.display_name IS NOT old.display_name OR new.avatar IS NOT old.avatar
      BEGIN ${r("SELECT id FROM products WHERE created_by = new.id")} END`)
    sql(`CREATE TRIGGER product_card_json_user_ad AFTER DELETE ON users BEGIN
      ${r("SELECT id FROM products WHERE created_by = old.id")} END`)
  },
  (app) => {
    const sql = (s) => app.db().newQuery(s).execute()
    for (const t of TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DROP TABLE IF EXISTS product_card_json")
  },
)
