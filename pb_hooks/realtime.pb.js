// @ts-check
/// <reference path="types/types.d.ts" />
// Realtime: the subscriptions the app asks for, and the bell's per-user channel (lib/live.js).

onRealtimeSubscribeRequest((e) => {
  const live = require(`${__hooks}/lib/live.js`)
  live.keep(e)
  e.next()
  live.track(e)
})

// A notification created, changed or deleted (after its transaction committed): its user's tabs
// reread their list.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/live.js`).tell(e.app, e.record.getString("user"), "create", e.record.id)
  e.next()
}, "notifications")
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/live.js`).tell(e.app, e.record.getString("user"), "update", e.record.id)
  e.next()
}, "notifications")
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/live.js`).tell(e.app, e.record.getString("user"), "delete", e.record.id)
  e.next()
}, "notifications")
