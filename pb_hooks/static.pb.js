// @ts-check
/// <reference path="types/types.d.ts" />
// The app's files (dist/) with precompressed copies and cache headers, / as the prerendered
// landing page, /home with its first data, and the app for every other route. This route takes
// the place of PocketBase's own --publicDir handler (which only registers when no other GET
// /{path...} exists). Logic: lib/static-files.js (files), lib/page-boot.js (/home).
routerAdd("GET", "/{path...}", (e) => require(`${__hooks}/lib/static-files.js`).serve(e))
// built per request (the data changes), so compressed on the fly
routerAdd("GET", "/home", (e) => require(`${__hooks}/lib/page-boot.js`).home(e), $apis.gzip())

// Cache-Control of product images: public (CDN-cacheable) only for approved products.
onFileDownloadRequest((e) => {
  require(`${__hooks}/lib/http-cache.js`).fileCacheControl(e)
  e.next()
}, "products")
