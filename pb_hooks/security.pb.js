// @ts-check
/// <reference path="types/types.d.ts" />
// Privacy and security on every request: security headers (lib/headers.js), successful reads kept
// out of the request log, no sorting or filtering on e-mail, no pictures of products in review
// for strangers (lib/privacy.js), and the password rules of the password routes
// (lib/accounts.js). CORS is set where PocketBase starts (--origins, scripts/lib/pb-server.mjs).
//
// One global middleware, not one per concern: each JS middleware borrows a VM from PocketBase's
// pool for every request (files and /api/health included); three of them cost /api/health 55% of
// its throughput (8,148 req/s with them, 19,147 without, 50 connections).
routerUse((e) => {
  // first: every require() after this one, here and in the modules it loads, resolves its path once
  if (!require.once) require(`${__hooks}/lib/require-once.js`).install()
  require(`${__hooks}/lib/headers.js`).setHeaders(e) // first: refusals below carry them too
  const privacy = require(`${__hooks}/lib/privacy.js`)
  privacy.quietReads(e)
  privacy.check(e)
  // before PocketBase binds the body to its forms (their English errors would come first)
  require(`${__hooks}/lib/accounts.js`).checkPasswords(e)
  return e.next()
})
