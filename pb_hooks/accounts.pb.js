/// <reference path="../pb_data/types.d.ts" />
// Accounts: password rules and long passwords on every password route, and the public maker
// profile and username-availability routes. The logic is in lib/accounts.js.
routerUse((e) => require(`${__hooks}/lib/accounts.js`).passwordMiddleware(e))

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

routerAdd("GET", "/api/vitrine/makers/{username}", (e) => require(`${__hooks}/lib/accounts.js`).makerProfile(e))
routerAdd("GET", "/api/vitrine/usernames/{username}/available", (e) =>
  require(`${__hooks}/lib/accounts.js`).usernameAvailable(e),
)
