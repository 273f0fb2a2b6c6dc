// @ts-check
/// <reference path="types/types.d.ts" />
// Web push (issue 11). Logic: lib/push-subscriptions.js (which endpoints may be stored),
// lib/push-jobs.js (the outbox rows, queued with their event), lib/push-api.js (app and service
// worker routes), lib/push-claim.js and lib/push-worker-api.js (the worker's claim, report and
// cleanup routes, superuser only).

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/push-subscriptions.js`).beforeCreate(e) // calls e.next() in its transaction
}, "push_subscriptions")
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/push-subscriptions.js`).beforeUpdate(e)
}, "push_subscriptions")

// A new report reaches staff who opted in: the jobs are written in the report's own transaction.
onRecordCreateRequest((e) => {
  e.app.runInTransaction((tx) => {
    e.app = tx
    e.next()
    require(`${__hooks}/lib/push-jobs.js`).queueStaffFlag(tx, e.record)
  })
}, "flags")

routerAdd("GET", "/api/vitrine/push/config", (e) => require(`${__hooks}/lib/push-api.js`).config(e))
routerAdd(
  "GET",
  "/api/vitrine/push/preferences",
  (e) => require(`${__hooks}/lib/push-api.js`).getPreferences(e),
  $apis.requireAuth("users"),
)
routerAdd(
  "PUT",
  "/api/vitrine/push/preferences",
  (e) => require(`${__hooks}/lib/push-api.js`).putPreferences(e),
  $apis.requireAuth("users"),
)
routerAdd("POST", "/api/vitrine/push/opened", (e) => require(`${__hooks}/lib/push-api.js`).opened(e))
routerAdd("POST", "/api/vitrine/push/renew", (e) => require(`${__hooks}/lib/push-api.js`).renew(e))

routerAdd("POST", "/api/vitrine/push/worker/claim", (e) => require(`${__hooks}/lib/push-claim.js`).claim(e))
routerAdd("POST", "/api/vitrine/push/worker/report", (e) => require(`${__hooks}/lib/push-worker-api.js`).report(e))
routerAdd("POST", "/api/vitrine/push/worker/cleanup", (e) => require(`${__hooks}/lib/push-worker-api.js`).cleanup(e))
