/// <reference path="../pb_data/types.d.ts" />
// The public full-text keys in order of publication, newest first (products_fts_keys: rid, the key;
// pub, set while the product is approved). A search sorted by date reads the first rows of this
// index to learn which keys the newest public products hold, then asks FTS5 for the matches in
// that range of keys only (lib/products-query.js, sortedFromFew), instead of reading the key row of
// every match to sort them all: 'jogo OR quiz' by date at 100,000 products (35,000 matches) read
// 35,000 key rows. A key is given at submission and a product is published at its approval, so the
// newest publications hold a narrow range of keys. The counters' updates (votes, views) do not
// touch this index: only approval, unpublishing and deletion write it.
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.
const NAME = "idx_products_fts_keys_pub"

migrate(
  (app) => {
    app
      .db()
      .newQuery(`CREATE INDEX IF NOT EXISTS ${NAME} ON products_fts_keys (pub DESC, id DESC) WHERE pub IS NOT NULL`)
      .execute()
  },
  (app) => {
    app.db().newQuery(`DROP INDEX IF EXISTS ${NAME}`).execute()
  },
)
