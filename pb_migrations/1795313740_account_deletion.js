/// <reference path="../pb_data/types.d.ts" />
// Account deletion (LGPD): comments stay readable as 'Usuário removido' (their author relation is
// optional and no longer deletes them with the user), and moderation entries stay without their
// actor (optional too). PocketBase clears optional references when the user goes.
function setRelation(app, collection, field, required, cascadeDelete) {
  const c = app.findCollectionByNameOrId(collection)
  const f = c.fields.getByName(field)
  f.required = required
  f.cascadeDelete = cascadeDelete
  app.save(c)
}

migrate(
  (app) => {
    setRelation(app, "comments", "user", false, false)
    setRelation(app, "moderation_log", "admin", false, false)
  },
  (app) => {
    setRelation(app, "comments", "user", true, true)
    setRelation(app, "moderation_log", "admin", true, false)
  },
)
