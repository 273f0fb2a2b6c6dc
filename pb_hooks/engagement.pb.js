// @ts-check
/// <reference path="types/types.d.ts" />
// Votes, comments and reports: counters kept exact by recounts; new reports start open.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/counters.js`).recountVotes(e.app, e.record.getString("product"))
  e.next()
}, "votes")
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/counters.js`).recountVotes(e.app, e.record.getString("product"))
  e.next()
}, "votes")

// comments changed through the API also recount in their own transaction (below), so a crash
// between the commit and these cannot leave the counter behind; these cover server-side writes
// (a moderator's removal, an account's deletion). Comments are created only through the API.
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/counters.js`).recountComments(e.app, e.record.getString("product"))
  e.next()
}, "comments")
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/counters.js`).recountComments(e.app, e.record.getString("product"))
  e.next()
}, "comments")

onRecordCreate((e) => {
  if (!e.record.getString("status")) e.record.set("status", "open")
  e.next()
}, "flags")

// A comment, its counter, its limit row and the notifications it causes (with their push jobs)
// commit together, in one write (a crash can no longer leave comment_count one short, and the
// comment holds PocketBase's one write connection once: see setVote in lib/engagement.js); a
// notification that fails is left out, never the comment. 10 a minute and 200 a day per account.
onRecordCreateRequest((e) => {
  const validate = require(`${__hooks}/lib/validate.js`)
  validate.comment(e.record)
  // what the createRule used to check (superusers were never bound by it: demo data, tests), read
  // before the write transaction, not inside it (a product rejected in that instant may still get
  // this one comment, as if it had come a moment earlier)
  const bound = !e.hasSuperuserAuth()
  if (bound) validate.commentTarget(e.app, e.record)
  const engagement = require(`${__hooks}/lib/engagement.js`)
  engagement.prepareWrites(e.app)
  require(`${__hooks}/lib/util.js`).inTransaction(e, (/** @type {core.App} */ tx) => {
    if (bound) require(`${__hooks}/lib/limits.js`).take(tx, "comment", e.record.getString("user"), e)
    e.next()
    require(`${__hooks}/lib/counters.js`).recountComments(tx, e.record.getString("product"))
    engagement.notifyComment(tx, e.record)
  })
}, "comments")
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/util.js`).inTransaction(e, (/** @type {core.App} */ tx) => {
    e.next()
    require(`${__hooks}/lib/counters.js`).recountComments(tx, e.record.getString("product"))
  })
}, "comments")
onRecordCreateRequest((e) => {
  const validate = require(`${__hooks}/lib/validate.js`)
  validate.flagReason(e.record)
  require(`${__hooks}/lib/util.js`).inTransaction(e, (/** @type {core.App} */ tx) => {
    validate.flagOnce(tx, e.record)
    if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/limits.js`).take(tx, "flag", e.record.getString("reporter"), e)
    e.next()
  })
}, "flags")

// toggle_vote as set-state operations (PUT = voted, DELETE = not voted): replays are harmless.
routerAdd(
  "PUT",
  "/api/vitrine/products/{id}/vote",
  (e) => require(`${__hooks}/lib/engagement.js`).setVote(e, true),
  $apis.requireAuth("users"),
)
routerAdd(
  "DELETE",
  "/api/vitrine/products/{id}/vote",
  (e) => require(`${__hooks}/lib/engagement.js`).setVote(e, false),
  $apis.requireAuth("users"),
)
routerAdd(
  "POST",
  "/api/vitrine/flags/{id}/review",
  (e) => require(`${__hooks}/lib/moderation.js`).reviewFlag(e), // 403 for anyone not staff
)

// A vote saved as a record (demo data; PUT .../vote writes its own, lib/engagement.js): the owner's
// notification after the commit; a failed notification never undoes the vote.
onRecordAfterCreateSuccess((e) => {
  try {
    require(`${__hooks}/lib/engagement.js`).notifyVote(e.app, e.record)
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("vote notification failed", err)
  }
  e.next()
}, "votes")
routerAdd(
  "POST",
  "/api/vitrine/notifications/read-all",
  (e) => require(`${__hooks}/lib/engagement.js`).markAllRead(e),
  $apis.requireAuth("users"),
)
