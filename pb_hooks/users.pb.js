// @ts-check
/// <reference path="types/types.d.ts" />
// Users: profile fields checked with the app's limits and messages; a new account without a
// username gets one derived from its display name (lib/users.js). The sign-up transaction and the
// verification e-mail live in lib/signup.js, password rules in lib/accounts.js (see accounts.pb.js
// for the routes).
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

onRecordCreateRequest((e) => {
  const validate = require(`${__hooks}/lib/validate.js`)
  validate.profile(e.record)
  if (!e.hasSuperuserAuth()) validate.notReserved(e.record, false)
  require(`${__hooks}/lib/signup.js`).createAccount(e)
}, "users")
onRecordUpdateRequest((e) => {
  const validate = require(`${__hooks}/lib/validate.js`)
  validate.profile(e.record)
  if (!e.hasSuperuserAuth()) validate.notReserved(e.record, true)
  const username = e.record.getString("username")
  if (username !== e.record.original().getString("username")) {
    const other = require(`${__hooks}/lib/users.js`).userByUsername(e.app, username)
    if (other && other.id !== e.record.id) {
      const util = require(`${__hooks}/lib/util.js`)
      util.fail("username", util.messages().usernameTaken)
    }
  }
  require(`${__hooks}/lib/signup.js`).nextWithPortugueseErrors(e)
}, "users")

// An e-mail confirmed: this user's votes start to count (counters.js userVerified).
onRecordUpdate((e) => {
  const became = e.record.verified() && !e.record.original().verified()
  e.next()
  if (became) require(`${__hooks}/lib/counters.js`).userVerified(e.app, e.record.id)
}, "users")

// A new password (changed or reset) ends every session, and this user's devices stop receiving
// pushes: a stolen phone loses them too. The app subscribes its device again at its next start.
onRecordUpdate((e) => {
  const before = e.record.original().getString("tokenKey")
  e.next()
  if (e.record.getString("tokenKey") === before) return
  e.app.db().newQuery("DELETE FROM push_subscriptions WHERE user = {:u}").bind({ u: e.record.id }).execute()
}, "users")
