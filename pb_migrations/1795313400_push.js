/// <reference path="../pb_data/types.d.ts" />
// Web push (issue 11): what each user wants pushed (push_preferences) and the durable outbox the
// push worker (scripts/push-worker.mjs) drains (push_jobs). A job is written in the same
// transaction as the event that causes it (a notification row, a new pending product, a new
// report), one per recipient, only when the recipient has a subscription and wants that kind.
// Neither collection is writable through the collections API: preferences change through
// PUT /api/vitrine/push/preferences, jobs only through the hooks and the worker's superuser routes.
// Keep this file quiet (no app.logger()): 0.39.0 hangs on a migration that logs 200+ entries.

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users")
    const autodates = [
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ]
    const OWN = "@request.auth.id != '' && user = @request.auth.id"

    // One row per user once they saved a choice; no row = votes and comments on, moderation off.
    app.save(
      new Collection({
        type: "base",
        name: "push_preferences",
        listRule: OWN,
        viewRule: OWN,
        fields: [
          { name: "user", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
          { name: "votes", type: "bool" },
          { name: "comments", type: "bool" },
          // staff only (checked by the route and again when a moderation job is queued)
          { name: "moderation", type: "bool" },
          ...autodates,
        ],
        indexes: ["CREATE UNIQUE INDEX idx_push_preferences_user ON push_preferences (user)"],
      }),
    )

    const notifications = app.findCollectionByNameOrId("notifications")
    const products = app.findCollectionByNameOrId("products")
    app.save(
      new Collection({
        type: "base",
        name: "push_jobs",
        // superusers only (the worker): payloads are private to their recipient
        fields: [
          { name: "user", type: "relation", required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
          {
            name: "kind",
            type: "select",
            required: true,
            maxSelect: 1,
            values: ["new_vote", "new_comment", "product_approved", "product_rejected", "staff_product", "staff_flag"],
          },
          // the in-app notification it announces (a click marks it read); staff jobs have none
          { name: "notification", type: "relation", collectionId: notifications.id, maxSelect: 1, cascadeDelete: true },
          { name: "product", type: "relation", collectionId: products.id, maxSelect: 1, cascadeDelete: true },
          // {title, body, url, tag}; the worker adds the job id as "id"
          { name: "payload", type: "json", required: true, maxSize: 3000 },
          // Topic header (votes on one product share one: the push service keeps only the newest)
          { name: "topic", type: "text", max: 32, pattern: "^[A-Za-z0-9_-]*$" },
          { name: "ttl", type: "number", onlyInt: true, min: 0 },
          { name: "urgency", type: "select", required: true, maxSelect: 1, values: ["normal", "high"] },
          {
            name: "status",
            type: "select",
            required: true,
            maxSelect: 1,
            // pending -> sent | dropped (nothing deliverable) | collapsed (a newer job of the same
            // topic replaced it) | capped (per-user hourly cap) | failed (retries exhausted)
            values: ["pending", "sent", "dropped", "collapsed", "capped", "failed"],
          },
          { name: "attempts", type: "number", onlyInt: true, min: 0 },
          { name: "next_attempt_at", type: "date" },
          // a worker holds the job until then (a killed worker's jobs come back after it)
          { name: "lease_until", type: "date" },
          { name: "lease_owner", type: "text", max: 100 },
          // ids of the subscriptions that accepted it: a retry never sends to them again
          { name: "sent_to", type: "json", maxSize: 2000 },
          { name: "sent_at", type: "date" },
          { name: "last_error", type: "text", max: 500 },
          ...autodates,
        ],
        indexes: [
          "CREATE INDEX idx_push_jobs_due ON push_jobs (status, next_attempt_at)",
          "CREATE INDEX idx_push_jobs_user_topic ON push_jobs (user, topic, status)",
          "CREATE INDEX idx_push_jobs_user_sent ON push_jobs (user, sent_at)",
          "CREATE INDEX idx_push_jobs_created ON push_jobs (created)",
        ],
      }),
    )

    const subs = app.findCollectionByNameOrId("push_subscriptions")
    subs.addIndex("idx_push_subscriptions_user", false, "user", "")
    app.save(subs)
  },
  (app) => {
    const subs = app.findCollectionByNameOrId("push_subscriptions")
    subs.removeIndex("idx_push_subscriptions_user")
    app.save(subs)
    app.delete(app.findCollectionByNameOrId("push_jobs"))
    app.delete(app.findCollectionByNameOrId("push_preferences"))
  },
)
