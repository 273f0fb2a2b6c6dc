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
