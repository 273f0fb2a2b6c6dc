// @ts-check
/// <reference path="types/types.d.ts" />
// The gzip copies of cached answers (lib/compressed.js): the hooks' own loopback call to Go's gzip.
// Outside /api/ (no per-address limit counts it) and answered only with the secret of this process.
// Not logged: one call per refresh of a cached page would crowd the request log.
routerAdd(
  "POST",
  "/_vitrine/gzip",
  (e) => require(`${__hooks}/lib/compressed.js`).echo(e),
  $apis.gzip(),
  $apis.skipSuccessActivityLog(),
)
