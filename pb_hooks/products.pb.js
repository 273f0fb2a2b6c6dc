// @ts-check
/// <reference path="types/types.d.ts" />
// Products: the public listing and search, facets, detail, related products, submit and edit,
// view/click counters, link previews, and the cache invalidation that keeps the listing fresh.
// Logic: lib/products-response.js (listing and facets answers, from the response cache of
// lib/products-cache.js), lib/products-query.js (the listing's SQL), lib/products-facets.js,
// lib/products-detail.js (one product's reads), lib/products-write.js and lib/products-input.js
// (writes), lib/counters.js (views and clicks), lib/products-search.js (search syntax),
// lib/products-og.js (link previews).

// Reads answer JSON gzip-compressed when the client accepts it. The listing, the facets and related
// products come from the response cache with a gzip'd copy made once per cached body
// (lib/compressed.js), so they are not compressed per request; the product page and comment lists
// of 1 KB or more use $apis.gzip (Go, per response), shorter lists go out as they are.
routerAdd("GET", "/api/vitrine/products", (e) => require(`${__hooks}/lib/products-response.js`).list(e))
routerAdd("GET", "/api/vitrine/facets", (e) => require(`${__hooks}/lib/products-response.js`).facets(e))
// GET /api/vitrine/products/by-slug/{slug}, .../{id}/related and .../{id}/comments share one
// pattern: Go's router refuses them as ambiguous (they all match /products/by-slug/related). Its
// first middleware answers, before $apis.gzip, what needs no compression on the fly (related
// products: a cached gzip'd copy; a short comment list), so Go compresses only the rest.
routerAdd(
  "GET",
  "/api/vitrine/products/{first}/{second}",
  (e) => require(`${__hooks}/lib/products-detail.js`).detailOrRelated(e),
  (e) => require(`${__hooks}/lib/products-detail.js`).beforeGzip(e),
  $apis.gzip(),
)

routerAdd("POST", "/api/vitrine/products", (e) => require(`${__hooks}/lib/products-write.js`).create(e))
routerAdd("POST", "/api/vitrine/products/{id}/update", (e) => require(`${__hooks}/lib/products-write.js`).update(e))
routerAdd("POST", "/api/vitrine/products/{id}/view", (e) => require(`${__hooks}/lib/counters.js`).track(e, "view"))
routerAdd("POST", "/api/vitrine/products/{id}/click", (e) => require(`${__hooks}/lib/counters.js`).track(e, "click"))

// Link previews (Open Graph) for shared product links; /products/{slug}/edit stays with the SPA.
routerAdd("GET", "/products/{slug}", (e) => require(`${__hooks}/lib/products-og.js`).page(e), $apis.gzip())

onRecordCreate((e) => {
  require(`${__hooks}/lib/products-write.js`).beforeSave(e)
  e.next()
}, "products")
onRecordUpdate((e) => {
  require(`${__hooks}/lib/products-write.js`).beforeSave(e)
  e.next()
}, "products")
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/products-write.js`).checkRecordUpdate(e) // calls e.next() (superusers: not)
}, "products")
// a deleted product's tags that nothing else uses go too (tags of reviewed products only are public)
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/products-write.js`).dropUnusedTags(e.app)
  e.next()
}, "products")

// Anything a product card or a facet shows changed: cached reads are stale. Runs after the commit
// (and after the earlier handlers, e.g. the vote recount in engagement.pb.js). The facets count
// products by category and tag. Votes and comments change only a card's counters, like views and
// clicks: they may show on cached listings up to 2 s late (lib/products-cache.js), so a busy site
// keeps its listing cache instead of recomputing every page at every vote.
const SHAPES = ["products", "product_tags", "tags", "categories"]
const COUNTERS_ONLY = ["votes", "comments"]
for (const bind of [onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, onRecordAfterDeleteSuccess]) {
  bind(
    (e) => {
      e.next()
      require(`${__hooks}/lib/products-cache.js`).invalidate(e.app)
    },
    ...SHAPES,
  )
  bind(
    (e) => {
      e.next()
      require(`${__hooks}/lib/products-cache.js`).touchCounters(e.app)
    },
    ...COUNTERS_ONLY,
  )
}
onRecordAfterUpdateSuccess((e) => {
  e.next()
  require(`${__hooks}/lib/products-cache.js`).invalidate(e.app, ["list"]) // maker name, username, avatar
}, "users")
