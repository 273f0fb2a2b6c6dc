/// <reference path="../pb_data/types.d.ts" />
// The full-text indexes (products_fts, products_fts_recent) merge any two segments of the same
// level when asked to (FTS5's 'usermerge' option, 4 by default), so the search index job
// (pb_hooks/lib/search-index.js) keeps at most one segment per level with small, incremental
// merges: a search reads each term once per segment, and at 100,000 products an index in 2 or 3
// segments answered within ~5% of one in a single segment, against ~40% slower in a dozen.

const TABLES = ["products_fts", "products_fts_recent"]

migrate(
  (app) => {
    for (const t of TABLES) app.db().newQuery(`INSERT INTO ${t} (${t}, rank) VALUES ('usermerge', 2)`).execute()
  },
  (app) => {
    for (const t of TABLES) app.db().newQuery(`INSERT INTO ${t} (${t}, rank) VALUES ('usermerge', 4)`).execute()
  },
)
