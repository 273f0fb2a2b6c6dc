// Types of `require(`${__hooks}/lib/x.js`)` in pb_hooks (PocketBase's generated types.d.ts does
// not declare `require`). Each module the hooks load is listed once here: a handler's
// `require(...).fn(e)` is then checked against the module's real exports. A module missing from
// this list types as `unknown` (so a new lib file gets its line here), and a line naming a file
// that is gone fails the typecheck. A .ts file, not a .d.ts: skipLibCheck (needed for the
// generated types.d.ts) would skip those checks.
// text.js has a hand-written declaration for the app (lib/text.d.ts); TypeScript resolves
// "text.js" to it, hence `.default` there (Vite's default import is goja's module.exports).

/* eslint-disable @typescript-eslint/no-unused-vars -- global declarations, used by the hooks (.js) */
declare function require(path: `${string}/lib/access.js`): typeof import("../lib/access.js")
declare function require(path: `${string}/lib/accounts.js`): typeof import("../lib/accounts.js")
declare function require(path: `${string}/lib/admin.js`): typeof import("../lib/admin.js")
declare function require(path: `${string}/lib/app-store.js`): typeof import("../lib/app-store.js")
declare function require(path: `${string}/lib/compressed.js`): typeof import("../lib/compressed.js")
declare function require(path: `${string}/lib/counters.js`): typeof import("../lib/counters.js")
declare function require(path: `${string}/lib/db-pool.js`): typeof import("../lib/db-pool.js")
declare function require(path: `${string}/lib/engagement.js`): typeof import("../lib/engagement.js")
declare function require(path: `${string}/lib/follows.js`): typeof import("../lib/follows.js")
declare function require(path: `${string}/lib/headers.js`): typeof import("../lib/headers.js")
declare function require(path: `${string}/lib/http-cache.js`): typeof import("../lib/http-cache.js")
declare function require(path: `${string}/lib/images.json`): typeof import("../lib/images.json")
declare function require(path: `${string}/lib/launch-days.js`): typeof import("../lib/launch-days.js")
declare function require(path: `${string}/lib/launches.js`): typeof import("../lib/launches.js")
declare function require(path: `${string}/lib/lgpd.js`): typeof import("../lib/lgpd.js")
declare function require(path: `${string}/lib/limits.js`): typeof import("../lib/limits.js")
declare function require(path: `${string}/lib/live.js`): typeof import("../lib/live.js")
declare function require(path: `${string}/lib/loopback.js`): typeof import("../lib/loopback.js")
declare function require(path: `${string}/lib/makers.js`): typeof import("../lib/makers.js")
declare function require(path: `${string}/lib/moderation.js`): typeof import("../lib/moderation.js")
declare function require(path: `${string}/lib/page-boot.js`): typeof import("../lib/page-boot.js")
declare function require(path: `${string}/lib/privacy.js`): typeof import("../lib/privacy.js")
declare function require(path: `${string}/lib/product-stats.js`): typeof import("../lib/product-stats.js")
declare function require(path: `${string}/lib/products-cache.js`): typeof import("../lib/products-cache.js")
declare function require(path: `${string}/lib/products-cards.js`): typeof import("../lib/products-cards.js")
declare function require(path: `${string}/lib/products-cursor.js`): typeof import("../lib/products-cursor.js")
declare function require(path: `${string}/lib/products-detail.js`): typeof import("../lib/products-detail.js")
declare function require(path: `${string}/lib/products-facets.js`): typeof import("../lib/products-facets.js")
declare function require(path: `${string}/lib/products-input.js`): typeof import("../lib/products-input.js")
declare function require(path: `${string}/lib/products-og.js`): typeof import("../lib/products-og.js")
declare function require(path: `${string}/lib/products-query.js`): typeof import("../lib/products-query.js")
declare function require(path: `${string}/lib/products-response.js`): typeof import("../lib/products-response.js")
declare function require(path: `${string}/lib/products-search.js`): typeof import("../lib/products-search.js")
declare function require(path: `${string}/lib/products-write.js`): typeof import("../lib/products-write.js")
declare function require(path: `${string}/lib/push-api.js`): typeof import("../lib/push-api.js")
declare function require(path: `${string}/lib/push-claim.js`): typeof import("../lib/push-claim.js")
declare function require(path: `${string}/lib/push-jobs.js`): typeof import("../lib/push-jobs.js")
declare function require(path: `${string}/lib/push-subscriptions.js`): typeof import("../lib/push-subscriptions.js")
declare function require(path: `${string}/lib/push-worker-api.js`): typeof import("../lib/push-worker-api.js")
declare function require(path: `${string}/lib/push.json`): typeof import("../lib/push.json")
declare function require(path: `${string}/lib/ranking.js`): typeof import("../lib/ranking.js")
declare function require(path: `${string}/lib/require-once.js`): typeof import("../lib/require-once.js")
declare function require(path: `${string}/lib/rules.json`): typeof import("../lib/rules.json")
declare function require(path: `${string}/lib/search-index.js`): typeof import("../lib/search-index.js")
declare function require(path: `${string}/lib/settings.js`): typeof import("../lib/settings.js")
declare function require(path: `${string}/lib/signup.js`): typeof import("../lib/signup.js")
declare function require(path: `${string}/lib/statements.js`): typeof import("../lib/statements.js")
declare function require(path: `${string}/lib/static-files.js`): typeof import("../lib/static-files.js")
declare function require(path: `${string}/lib/text.js`): typeof import("../lib/text.js").default
declare function require(path: `${string}/lib/users.js`): typeof import("../lib/users.js")
declare function require(path: `${string}/lib/util.js`): typeof import("../lib/util.js")
declare function require(path: `${string}/lib/validate.js`): typeof import("../lib/validate.js")
declare function require(path: string): unknown
// set on the VM's global require once lib/require-once.js has installed its own (a namespace
// merges a property into the declared function)
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace require {
  const once: boolean | undefined
}
