/// <reference path="../pb_data/types.d.ts" />
// - Reports count once the reporter's e-mail is confirmed: staff list and view only those (the
//   reporter always sees their own).
// - Tags are public once a product using them is approved: a pending or rejected submission can no
//   longer publish tag names (suggestions, tag lookups); staff see all.
const SIGNED_IN = "@request.auth.id != ''"
const STAFF = "(@request.auth.id != '' && @collection.user_roles.user ?= @request.auth.id)"
const OWN_FLAG = `(${SIGNED_IN} && reporter = @request.auth.id)`
const FLAGS_BEFORE = `${OWN_FLAG} || ${STAFF}`
const FLAGS_AFTER = `${OWN_FLAG} || (${STAFF} && reporter.verified = true)`
const TAGS_AFTER = `product_tags_via_tag.product.status ?= 'approved' || ${STAFF}`

function setRules(app, name, list) {
  const c = app.findCollectionByNameOrId(name)
  c.listRule = list
  c.viewRule = list
  app.save(c)
}

migrate(
  (app) => {
    setRules(app, "flags", FLAGS_AFTER)
    setRules(app, "tags", TAGS_AFTER)
  },
  (app) => {
    setRules(app, "flags", FLAGS_BEFORE)
    setRules(app, "tags", "")
  },
)
