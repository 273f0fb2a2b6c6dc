/// <reference path="../pb_data/types.d.ts" />
// Engagement: a vote notifies the owner once per (voter, product), enforced by a unique partial
// index so that even a double-click racing itself cannot notify twice.
migrate(
  (app) => {
    const n = app.findCollectionByNameOrId("notifications")
    n.addIndex("idx_notifications_vote_once", true, "user, actor, product", "type = 'new_vote'")
    app.save(n)
  },
  (app) => {
    const n = app.findCollectionByNameOrId("notifications")
    n.removeIndex("idx_notifications_vote_once")
    app.save(n)
  },
)
