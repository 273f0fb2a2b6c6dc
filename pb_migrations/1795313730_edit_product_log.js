/// <reference path="../pb_data/types.d.ts" />
// The moderation log takes edit_product: a maker changed the title, URL or pictures of an
// approved product (pb_hooks/lib/products-write.js reviewAfterEdit), shown to staff.
const BASE = ["approve_product", "reject_product", "resolve_flag", "dismiss_flag", "assign_role", "revoke_role"]

function setValues(app, values) {
  const c = app.findCollectionByNameOrId("moderation_log")
  c.fields.getByName("action").values = values
  app.save(c)
}

migrate(
  (app) => setValues(app, [...BASE, "edit_product"]),
  (app) => setValues(app, BASE),
)
