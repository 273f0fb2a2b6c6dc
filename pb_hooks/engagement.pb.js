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
  require(`${__hooks}/lib/validate.js`).comment(e.record)
  e.next()
}, "comments")
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/validate.js`).flagReason(e.record)
  e.next()
}, "flags")
