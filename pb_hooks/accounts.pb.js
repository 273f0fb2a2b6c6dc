// @ts-check
/// <reference path="types/types.d.ts" />
// Accounts: password rules and long passwords on every password route (lib/accounts.js, checked
// by the global middleware of security.pb.js), and the public maker profile and
// username-availability routes (lib/makers.js).

onRecordAuthWithPasswordRequest((e) => {
  require(`${__hooks}/lib/accounts.js`).authWithPassword(e)
}, "users")
onRecordRequestPasswordResetRequest((e) => {
  require(`${__hooks}/lib/accounts.js`).limitMail(e)
}, "users")
onRecordRequestVerificationRequest((e) => {
  require(`${__hooks}/lib/accounts.js`).limitMail(e)
}, "users")
onRecordConfirmPasswordResetRequest((e) => {
  require(`${__hooks}/lib/accounts.js`).confirmPasswordReset(e)
}, "users")

routerAdd("GET", "/api/vitrine/makers/{username}", (e) => require(`${__hooks}/lib/makers.js`).makerProfile(e))
routerAdd("GET", "/api/vitrine/usernames/{username}/available", (e) =>
  require(`${__hooks}/lib/makers.js`).usernameAvailable(e),
)

// LGPD self-service: everything about me as a file, and deleting my account (lib/lgpd.js)
routerAdd(
  "GET",
  "/api/vitrine/me/export",
  (e) => require(`${__hooks}/lib/lgpd.js`).exportData(e),
  $apis.requireAuth("users"),
)
routerAdd(
  "POST",
  "/api/vitrine/me/delete",
  (e) => require(`${__hooks}/lib/lgpd.js`).deleteAccount(e),
  $apis.requireAuth("users"),
)
