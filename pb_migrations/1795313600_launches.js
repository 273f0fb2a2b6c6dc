/// <reference path="../pb_data/types.d.ts" />
// Launch days and the ranking (issue 16). Keep this file quiet (no app.logger()): 0.39.0 hangs on a
// migration that logs 200+ entries.
//
// 1. products.launch_day / launch_week / launch_month: the São Paulo day (UTC-3, see
//    pb_hooks/lib/launch-days.js), its week (named by its Monday) and month of published_at, set by
//    the product save hook (pb_hooks/lib/products-write.js beforeSave) and never by clients. Each
//    has a partial index in ranking order (votes, then earlier published, then id), so a page of
//    a day's, week's or month's ranking is an index seek: O(page) whatever the number of products.
// 2. launch_closes (one row per closed day) and launch_ranks (each product's final place on its
//    launch day): written once, when the day has ended, by pb_hooks/lib/launches.js closeDay. The
//    day's primary key makes the close idempotent; the makers of the top 3 are notified in the
//    same transaction (type daily_rank, at most once per product: unique index).
// 3. notifications.type and push_jobs.kind gain new_product (a followed maker launched) and
//    daily_rank (top 3 of the day).

const LAUNCH_FIELDS = ["launch_day", "launch_week", "launch_month"]
const RULE_SUFFIX = " && " + LAUNCH_FIELDS.map((n) => `@request.body.${n}:isset = false`).join(" && ")
const TYPES_BEFORE = ["new_comment", "new_vote", "product_approved", "product_rejected"]
const KINDS_BEFORE = ["new_vote", "new_comment", "product_approved", "product_rejected", "staff_product", "staff_flag"]
const NEW_TYPES = ["new_product", "daily_rank"]
const RANK_ORDER = "vote_count DESC, published_at, id"

migrate(
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()

    const products = app.findCollectionByNameOrId("products")
    const dayPattern = "^(\\d{4}-\\d{2}-\\d{2})?$"
    products.fields.add(new TextField({ name: "launch_day", max: 10, pattern: dayPattern }))
    products.fields.add(new TextField({ name: "launch_week", max: 10, pattern: dayPattern }))
    products.fields.add(new TextField({ name: "launch_month", max: 7, pattern: "^(\\d{4}-\\d{2})?$" }))
    for (const f of LAUNCH_FIELDS) {
      products.addIndex(`idx_products_${f}_rank`, false, `${f}, ${RANK_ORDER}`, "status = 'approved'")
    }
    products.updateRule = products.updateRule + RULE_SUFFIX
    app.save(products)
    sql(`UPDATE products SET
      launch_day = COALESCE(date(published_at, '-3 hours'), ''),
      launch_week = COALESCE(date(published_at, '-3 hours', '-6 days', 'weekday 1'), ''),
      launch_month = COALESCE(strftime('%Y-%m', published_at, '-3 hours'), '')`)

    sql(`CREATE TABLE launch_closes (
      day TEXT PRIMARY KEY,
      products INTEGER NOT NULL DEFAULT 0,
      closed_at TEXT NOT NULL) WITHOUT ROWID`)
    sql(`CREATE TABLE launch_ranks (
      product TEXT NOT NULL,
      day TEXT NOT NULL,
      rank INTEGER NOT NULL,
      votes INTEGER NOT NULL,
      PRIMARY KEY (product, day)) WITHOUT ROWID`)
    sql("CREATE INDEX idx_launch_ranks_day ON launch_ranks (day, rank)")
    sql(`CREATE TRIGGER launch_ranks_products_ad AFTER DELETE ON products BEGIN
      DELETE FROM launch_ranks WHERE product = old.id; END`)

    const notifications = app.findCollectionByNameOrId("notifications")
    notifications.fields.getByName("type").values = TYPES_BEFORE.concat(NEW_TYPES)
    // a product's place of the day is told once, even if two closes raced
    notifications.addIndex("idx_notifications_daily_rank_once", true, "product", "type = 'daily_rank'")
    app.save(notifications)

    const jobs = app.findCollectionByNameOrId("push_jobs")
    jobs.fields.getByName("kind").values = KINDS_BEFORE.concat(NEW_TYPES)
    app.save(jobs)
  },
  (app) => {
    const sql = (q) => app.db().newQuery(q).execute()
    sql("DELETE FROM push_jobs WHERE kind IN ('new_product', 'daily_rank')")
    const jobs = app.findCollectionByNameOrId("push_jobs")
    jobs.fields.getByName("kind").values = KINDS_BEFORE
    app.save(jobs)

    sql("DELETE FROM notifications WHERE type IN ('new_product', 'daily_rank')")
    const notifications = app.findCollectionByNameOrId("notifications")
    notifications.removeIndex("idx_notifications_daily_rank_once")
    notifications.fields.getByName("type").values = TYPES_BEFORE
    app.save(notifications)

    sql("DROP TRIGGER IF EXISTS launch_ranks_products_ad")
    sql("DROP TABLE IF EXISTS launch_ranks")
    sql("DROP TABLE IF EXISTS launch_closes")

    const products = app.findCollectionByNameOrId("products")
    for (const f of LAUNCH_FIELDS) products.removeIndex(`idx_products_${f}_rank`)
    products.updateRule = products.updateRule.replace(RULE_SUFFIX, "")
    for (const f of LAUNCH_FIELDS) products.fields.removeByName(f)
    app.save(products)
  },
)
