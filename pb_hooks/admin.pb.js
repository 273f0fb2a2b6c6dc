// @ts-check
/// <reference path="types/types.d.ts" />
// Staff routes (logic in lib/admin.js and lib/moderation.js). Every one checks the caller's role on
// the server and answers 403 to anyone else, signed out included.
routerAdd("GET", "/api/vitrine/admin/stats", (e) => require(`${__hooks}/lib/admin.js`).stats(e))
routerAdd("POST", "/api/vitrine/admin/products/{id}/approve", (e) =>
  require(`${__hooks}/lib/moderation.js`).decide(e, true),
)
routerAdd("POST", "/api/vitrine/admin/products/{id}/reject", (e) =>
  require(`${__hooks}/lib/moderation.js`).decide(e, false),
)
routerAdd("GET", "/api/vitrine/admin/users", (e) => require(`${__hooks}/lib/admin.js`).listUsers(e))
routerAdd("POST", "/api/vitrine/admin/users/{id}/roles", (e) => require(`${__hooks}/lib/admin.js`).assignRole(e))
routerAdd("DELETE", "/api/vitrine/admin/users/{id}/roles/{role}", (e) =>
  require(`${__hooks}/lib/admin.js`).revokeRole(e),
)
