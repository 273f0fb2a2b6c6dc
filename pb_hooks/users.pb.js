/// <reference path="../pb_data/types.d.ts" />
// Users: a new account without a username gets one derived from its display name.
onRecordCreate((e) => {
  const users = require(`${__hooks}/lib/users.js`)
  const r = e.record
  r.set("display_name", String(r.getString("display_name")).trim())
  if (!r.getString("username")) {
    r.set("username", users.deriveUsername(e.app, r.getString("display_name"), r.email(), r.id))
  }
  r.set("emailVisibility", false)
  e.next()
}, "users")
