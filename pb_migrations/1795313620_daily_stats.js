/// <reference path="../pb_data/types.d.ts" />
// Per-day counters for maker analytics (issue 16). Keep this file quiet (no app.logger()).
//
// product_daily_stats: one row per product per São Paulo day (UTC-3, see
// pb_hooks/lib/launch-days.js) with the views, visits ('Visitar Site' clicks), votes and comments
// of that day, so the stats chart of the last 30 days is one primary-key range read. Not a
// collection: nobody reads it through the collections API; GET
// /api/vitrine/products/by-slug/{slug}/stats (owner and staff) does.
// - views and clicks: +1 by the view/click route, in the transaction of the counter's +1;
// - votes and comments: triggers, so every write path (the vote route, the collections API, a
//   cascade, raw SQL) counts in the same statement as the row (and a rewritten creation time, as
//   the demo seed's backdating, moves it to its day). They count what stands: a removed
//   vote or a soft-deleted comment leaves the day it was made (never below 0), so each day shows
//   the votes and comments made that day that still exist. Decrements never create rows.
// Existing votes and comments are counted into their days here; earlier views and clicks have
// no per-day record and start at this migration.

const DAY = (col) => `COALESCE(date(${col}, '-3 hours'), date('now', '-3 hours'))`
const add = (column, product, created) =>
  `INSERT INTO product_daily_stats (product, day, ${column}) VALUES (${product}, ${DAY(created)}, 1) ` +
  `ON CONFLICT (product, day) DO UPDATE SET ${column} = ${column} + 1;`
const sub = (column, product, created) =>
  `UPDATE product_daily_stats SET ${column} = MAX(0, ${column} - 1) WHERE product = ${product} AND day = ${DAY(created)};`
const TRIGGERS = [
  "daily_stats_votes_ai",
  "daily_stats_votes_au",
  "daily_stats_votes_ad",
  "daily_stats_comments_ai",
  "daily_stats_comments_au",
  "daily_stats_comments_moved",
  "daily_stats_comments_ad",
  "daily_stats_products_ad",
]

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    sql(`CREATE TABLE product_daily_stats (
      product TEXT NOT NULL,
      day TEXT NOT NULL,
      views INTEGER NOT NULL DEFAULT 0,
      clicks INTEGER NOT NULL DEFAULT 0,
      votes INTEGER NOT NULL DEFAULT 0,
      comments INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (product, day)) WITHOUT ROWID`)

    sql(`INSERT INTO product_daily_stats (product, day, votes)
      SELECT product, ${DAY("created")}, COUNT(*) FROM votes GROUP BY 1, 2`)
    sql(`INSERT INTO product_daily_stats (product, day, comments)
      SELECT product, ${DAY("created")} AS d, COUNT(*) FROM comments WHERE is_deleted = FALSE GROUP BY 1, 2
      ON CONFLICT (product, day) DO UPDATE SET comments = excluded.comments`)

    sql(`CREATE TRIGGER daily_stats_votes_ai AFTER INSERT ON votes BEGIN
      ${add("votes", "new.product", "new.created")} END`)
    // a row whose creation time is rewritten (the demo seed backdates its records) moves its day
    sql(`CREATE TRIGGER daily_stats_votes_au AFTER UPDATE OF created ON votes
      WHEN ${DAY("old.created")} != ${DAY("new.created")} BEGIN
      ${sub("votes", "old.product", "old.created")}
      ${add("votes", "new.product", "new.created")} END`)
    sql(`CREATE TRIGGER daily_stats_votes_ad AFTER DELETE ON votes BEGIN
      ${sub("votes", "old.product", "old.created")} END`)
    sql(`CREATE TRIGGER daily_stats_comments_ai AFTER INSERT ON comments WHEN new.is_deleted = FALSE BEGIN
      ${add("comments", "new.product", "new.created")} END`)
    sql(`CREATE TRIGGER daily_stats_comments_au AFTER UPDATE OF is_deleted ON comments
      WHEN old.is_deleted != new.is_deleted BEGIN
      UPDATE product_daily_stats SET comments = MAX(0, comments + CASE WHEN new.is_deleted THEN -1 ELSE 1 END)
      WHERE product = new.product AND day = ${DAY("new.created")}; END`)
    sql(`CREATE TRIGGER daily_stats_comments_moved AFTER UPDATE OF created ON comments
      WHEN new.is_deleted = FALSE AND old.is_deleted = FALSE AND ${DAY("old.created")} != ${DAY("new.created")} BEGIN
      ${sub("comments", "old.product", "old.created")}
      ${add("comments", "new.product", "new.created")} END`)
    sql(`CREATE TRIGGER daily_stats_comments_ad AFTER DELETE ON comments WHEN old.is_deleted = FALSE BEGIN
      ${sub("comments", "old.product", "old.created")} END`)
    sql(`CREATE TRIGGER daily_stats_products_ad AFTER DELETE ON products BEGIN
      DELETE FROM product_daily_stats WHERE product = old.id; END`)
  },
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    for (const t of TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${t}`)
    sql("DROP TABLE IF EXISTS product_daily_stats")
  },
)
