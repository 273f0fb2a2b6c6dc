/// <reference path="../pb_data/types.d.ts" />
// Text lengths are checked by the hooks in user-perceived characters (pb_hooks/lib/text.js): a
// title of 60 emoji is 60 characters, though some emoji take 7 code points. The collections'
// own limits count code points, so they are widened here to a safety bound (8x) and their minimums
// left to the hooks; what users are told comes from the hooks, in Portuguese.
const FIELDS = [
  ["products", "title", 5, 100],
  ["products", "description", 50, 1000],
  ["products", "rejection_reason", 0, 500],
  ["comments", "content", 10, 500],
  ["flags", "reason", 10, 500],
  ["tags", "name", 1, 30],
  ["users", "display_name", 2, 50],
  ["users", "bio", 0, 500],
]

function setLimits(app, widen) {
  for (const [collection, name, min, max] of FIELDS) {
    const c = app.findCollectionByNameOrId(collection)
    const field = c.fields.getByName(name)
    field.min = widen ? Math.min(min, 1) : min
    field.max = widen ? max * 8 : max
    app.save(c)
  }
}

migrate(
  (app) => setLimits(app, true),
  (app) => setLimits(app, false),
)
