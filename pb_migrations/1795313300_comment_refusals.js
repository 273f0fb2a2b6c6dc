/// <reference path="../pb_data/types.d.ts" />
// Comments: the product and the replied-to comment are checked by the create hook
// (pb_hooks/lib/validate.js commentTarget) instead of the createRule, because a failed rule answers
// a bare 'Failed to create record' and a comment queued offline must say why it was refused. The
// rule keeps what only the rule can say: signed in, as oneself, not born deleted.
const SIGNED_IN = "@request.auth.id != ''"
const BEFORE =
  `${SIGNED_IN} && user = @request.auth.id && product.status = 'approved' && is_deleted = false && ` +
  `(parent = '' || (parent.product = product && parent.is_deleted = false))`
const AFTER = `${SIGNED_IN} && user = @request.auth.id && is_deleted = false`

migrate(
  (app) => {
    const c = app.findCollectionByNameOrId("comments")
    c.createRule = AFTER
    app.save(c)
  },
  (app) => {
    const c = app.findCollectionByNameOrId("comments")
    c.createRule = BEFORE
    app.save(c)
  },
)
