/// <reference path="../pb_data/types.d.ts" />
// Reads that stay flat as the catalogue grows (measured by npm run bench at 100,000 products):
// - idx_products_rank_keys: relevance search ranks at most 300 candidates and reads, for each,
//   its vote count and publication only; this index answers that without the wide product row.
// - idx_products_approved_category_top: related products (same category, most voted) and a
//   category page sorted by votes read the first rows of this index instead of sorting every
//   product of the category (12,500 of them at 100,000 products, on every product page).
const INDEXES = [
  ["idx_products_rank_keys", "id, vote_count, published_at", ""],
  [
    "idx_products_approved_category_top",
    "category, vote_count DESC, published_at DESC, id DESC",
    "status = 'approved'",
  ],
]

migrate(
  (app) => {
    const products = app.findCollectionByNameOrId("products")
    for (const [name, columns, where] of INDEXES) products.addIndex(name, false, columns, where)
    app.save(products)
  },
  (app) => {
    const products = app.findCollectionByNameOrId("products")
    for (const [name] of INDEXES) products.removeIndex(name)
    app.save(products)
  },
)
