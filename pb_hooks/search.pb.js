// @ts-check
/// <reference path="types/types.d.ts" />
// Search: every save of a product, tag or category writes the stemmed text it is found by
// (hidden fields search_*, which the full-text triggers of pb_migrations/1795313510_search_stems.js
// index). Loaded after products.pb.js, so it stems the text as that file's hooks left it.
onRecordCreate(
  (e) => {
    require(`${__hooks}/lib/products-search.js`).stampRecord(e.record)
    e.next()
  },
  "products",
  "tags",
  "categories",
)
onRecordUpdate(
  (e) => {
    require(`${__hooks}/lib/products-search.js`).stampRecord(e.record)
    e.next()
  },
  "products",
  "tags",
  "categories",
)

// Keeping the full-text indexes in few segments (lib/search-index.js): the job's merge every
// minute, through the internal route (secret of this process, outside /api/, not logged), and the
// same to the end, or every index into one segment, on a superuser's request.
// VITRINE_SEARCH_TIDY_CRON changes the schedule.
routerAdd(
  "POST",
  "/_vitrine/search-tidy",
  (e) => require(`${__hooks}/lib/search-index.js`).internalRoute(e),
  $apis.skipSuccessActivityLog(),
)
routerAdd(
  "POST",
  "/api/vitrine/admin/search-index",
  (e) => require(`${__hooks}/lib/search-index.js`).tidyRoute(e),
  $apis.requireSuperuserAuth(),
)
cronAdd("vitrine-search-tidy", $os.getenv("VITRINE_SEARCH_TIDY_CRON") || "* * * * *", () =>
  require(`${__hooks}/lib/search-index.js`).cronTidy(),
)
