/// <reference path="../pb_data/types.d.ts" />
// The number of approved products, kept exact by triggers in facet_counts (kind 'all', key '*'),
// like the per-category and per-tag counts (1795313100_products.js): the first page of the
// unfiltered listing (/home) says how many products there are, and counting them (up to the
// listing's cap of 1,000) walked 1,001 index entries on every uncached answer, 0.12 ms of the
// listing's 0.7 ms of SQL at 100,000 products (lib/products-facets.js keptCount). Every write
// path counts: PocketBase saves, raw SQL, cascades. Keep this file quiet (no app.logger()):
// 0.39.0 hangs on a migration that logs 200+ entries.

const TRIGGERS = ["facets_all_ai", "facets_all_au", "facets_all_ad"]
const add = (delta) =>
  `INSERT INTO facet_counts (kind, key, n) VALUES ('all', '*', ${delta}) ` +
  "ON CONFLICT (kind, key) DO UPDATE SET n = n + excluded.n;"

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    sql(
      "INSERT INTO facet_counts (kind, key, n) SELECT 'all', '*', COUNT(*) FROM products WHERE status = 'approved' " +
        "ON CONFLICT (kind, key) DO UPDATE SET n = excluded.n",
    )
    sql(`CREATE TRIGGER facets_all_ai AFTER INSERT ON products WHEN new.status = 'approved' BEGIN ${add(1)} END`)
    // PocketBase writes every column on save: "UPDATE OF status" fires on an unchanged status too
    sql(`CREATE TRIGGER facets_all_au AFTER UPDATE OF status ON products
      WHEN (old.status = 'approved') != (new.status = 'approved') BEGIN
      ${add("CASE WHEN new.status = 'approved' THEN 1 ELSE -1 END")} END`)
    sql(`CREATE TRIGGER facets_all_ad AFTER DELETE ON products WHEN old.status = 'approved' BEGIN ${add(-1)} END`)
  },
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    for (const t of TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DELETE FROM facet_counts WHERE kind = 'all'")
  },
)
