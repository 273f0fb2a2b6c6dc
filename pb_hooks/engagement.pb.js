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

// comments written through the API also recount in their own transaction (below), so a crash
// between the commit and these cannot leave the counter behind; these cover server-side writes
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

// A comment, its counter and its limit row commit together (a crash can no longer leave
// comment_count one short); 10 a minute and 200 a day per account.
onRecordCreateRequest((e) => {
  const validate = require(`${__hooks}/lib/validate.js`)
  validate.comment(e.record)
  require(`${__hooks}/lib/util.js`).inTransaction(e, (/** @type {core.App} */ tx) => {
    if (!e.hasSuperuserAuth()) {
      // what the createRule used to check (superusers were never bound by it: demo data, tests)
      validate.commentTarget(tx, e.record)
      require(`${__hooks}/lib/limits.js`).take(tx, "comment", e.record.getString("user"), e)
    }
    e.next()
    require(`${__hooks}/lib/counters.js`).recountComments(tx, e.record.getString("product"))
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

// Notifications after the write committed; a failed notification never undoes the vote/comment.
onRecordAfterCreateSuccess((e) => {
  try {
    require(`${__hooks}/lib/engagement.js`).notifyVote(e.app, e.record)
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("vote notification failed", err)
  }
  e.next()
}, "votes")
onRecordAfterCreateSuccess((e) => {
  try {
    require(`${__hooks}/lib/engagement.js`).notifyComment(e.app, e.record)
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("comment notification failed", err)
  }
  e.next()
}, "comments")
routerAdd(
  "POST",
  "/api/vitrine/notifications/read-all",
  (e) => require(`${__hooks}/lib/engagement.js`).markAllRead(e),
  $apis.requireAuth("users"),
)
