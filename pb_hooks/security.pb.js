// @ts-check
/// <reference path="types/types.d.ts" />
// Privacy and security on every request: security headers (lib/headers.js) and no sorting or
// filtering on e-mail, no pictures of products in review for strangers (lib/privacy.js). CORS is
// set where PocketBase starts (--origins, scripts/lib/pb-server.mjs).
routerUse((e) => require(`${__hooks}/lib/headers.js`).apply(e))
routerUse((e) => require(`${__hooks}/lib/privacy.js`).guard(e))
