/// <reference path="../pb_data/types.d.ts" />
// Following makers (issue 16). Keep this file quiet (no app.logger()).
//
// follows: one row per (follower, maker), unique; nobody follows themselves. Who follows whom is
// seen only by the two people involved (list/view rules); everyone else sees counts only, through
// the maker route (GET /api/vitrine/makers/{username} stats.followers). The app writes through
// PUT/DELETE /api/vitrine/makers/{id}/follow (set-state, client id: replays are harmless); the
// collection API keeps the same rules for anyone calling it directly.
// follow_notices: the (follower, maker, day) of each new_product notification already sent, so a
// follower hears about a maker at most once per São Paulo day (a primary key, not a read-then-write).
// push_preferences.launches: push for launches of makers one follows (no row or a new row: on).

const SIGNED_IN = "@request.auth.id != ''"

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users")
    const involved = `${SIGNED_IN} && (follower = @request.auth.id || maker = @request.auth.id)`
    app.save(
      new Collection({
        type: "base",
        name: "follows",
        listRule: involved,
        viewRule: involved,
        createRule: `${SIGNED_IN} && follower = @request.auth.id && maker != @request.auth.id`,
        updateRule: null,
        deleteRule: `${SIGNED_IN} && follower = @request.auth.id`,
        fields: [
          {
            name: "follower",
            type: "relation",
            required: true,
            collectionId: users.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          {
            name: "maker",
            type: "relation",
            required: true,
            collectionId: users.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
          { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_follows_follower_maker ON follows (follower, maker)",
          // counts per maker and the followers to notify
          "CREATE INDEX idx_follows_maker ON follows (maker, follower)",
        ],
      }),
    )

    app
      .db()
      .newQuery(
        `CREATE TABLE follow_notices (
          follower TEXT NOT NULL,
          maker TEXT NOT NULL,
          day TEXT NOT NULL,
          PRIMARY KEY (follower, maker, day)) WITHOUT ROWID`,
      )
      .execute()

    const prefs = app.findCollectionByNameOrId("push_preferences")
    prefs.fields.add(new BoolField({ name: "launches" }))
    app.save(prefs)
    // whoever saved choices before keeps the default of this new one: on
    app.db().newQuery("UPDATE push_preferences SET launches = TRUE").execute()
  },
  (app) => {
    const prefs = app.findCollectionByNameOrId("push_preferences")
    prefs.fields.removeByName("launches")
    app.save(prefs)
    app.db().newQuery("DROP TABLE IF EXISTS follow_notices").execute()
    app.delete(app.findCollectionByNameOrId("follows"))
  },
)
