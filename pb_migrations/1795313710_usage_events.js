/// <reference path="../pb_data/types.d.ts" />
// usage_events: what the per-account limits count (pb_hooks/lib/limits.js): one row per product
// submission, comment, report, vote toggle, sign-up, e-mail sent, failed login, and counted
// view/click. Superuser only (no API rules). PocketBase's own per-IP limit on auth requests goes
// from 10 to 120 a minute: ten failures from a shared address locked everybody behind it out;
// failed logins are now limited per account and per address pair by the hooks.
function setAuthLimit(app, maxRequests) {
  const settings = app.settings()
  const rules = JSON.parse(JSON.stringify(settings.rateLimits.rules)).map((r) =>
    r.label === "*:auth" ? { ...r, maxRequests } : r,
  )
  unmarshal({ rules }, settings.rateLimits)
  app.save(settings)
}

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "usage_events",
        fields: [
          { name: "action", type: "text", required: true, max: 30 },
          { name: "subject", type: "text", required: true, max: 200 },
          { name: "target", type: "text", max: 200 },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: [
          "CREATE INDEX idx_usage_events_window ON usage_events (action, subject, created)",
          "CREATE INDEX idx_usage_events_target ON usage_events (action, subject, target, created)",
        ],
      }),
    )
    setAuthLimit(app, 120)
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("usage_events"))
    setAuthLimit(app, 10)
  },
)
