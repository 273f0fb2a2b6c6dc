/// <reference path="../pb_data/types.d.ts" />
// Votes, comments and reports: counters kept exact by recounts; new reports start open.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/counters.js`).recountVotes(e.app, e.record.getString("product"))
  e.next()
}, "votes")
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/counters.js`).recountVotes(e.app, e.record.getString("product"))
  e.next()
}, "votes")

onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/counters.js`).recountComments(e.app, e.record.getString("product"))
  e.next()
}, "comments")
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

onRecordCreateRequest((e) => {
  const validate = require(`${__hooks}/lib/validate.js`)
  validate.comment(e.record)
  // what the createRule used to check (superusers were never bound by it: demo data, tests)
  if (!e.hasSuperuserAuth()) validate.commentTarget(e.app, e.record)
  e.next()
}, "comments")
onRecordCreateRequest((e) => {
  const validate = require(`${__hooks}/lib/validate.js`)
  validate.flagReason(e.record)
  validate.flagOnce(e.app, e.record)
  e.next()
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
  (e) => require(`${__hooks}/lib/engagement.js`).reviewFlag(e), // 403 for anyone not staff
)

// Notifications after the write committed; a failed notification never undoes the vote/comment.
onRecordAfterCreateSuccess((e) => {
  try {
    require(`${__hooks}/lib/engagement.js`).notifyVote(e.app, e.record)
  } catch (err) {
    console.log("vote notification failed", err)
  }
  e.next()
}, "votes")
onRecordAfterCreateSuccess((e) => {
  try {
    require(`${__hooks}/lib/engagement.js`).notifyComment(e.app, e.record)
  } catch (err) {
    console.log("comment notification failed", err)
  }
  e.next()
}, "comments")
routerAdd(
  "POST",
  "/api/vitrine/notifications/read-all",
  (e) => require(`${__hooks}/lib/engagement.js`).markAllRead(e),
  $apis.requireAuth("users"),
)
