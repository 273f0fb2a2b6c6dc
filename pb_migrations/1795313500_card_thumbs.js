/// <reference path="../pb_data/types.d.ts" />
// Card covers in the sizes a phone needs: the listing's <img srcset> (and /home's preload) offers
// 320x240, 480x360, 640x480 and 1280x0 (pb_hooks/lib/images.json); PocketBase only generates the
// sizes listed here (any other ?thumb= answers the full original).
const BEFORE = ["640x480", "1280x0", "160x120"]
const AFTER = ["640x480", "1280x0", "160x120", "320x240", "480x360"]

function setThumbs(app, thumbs) {
  const products = app.findCollectionByNameOrId("products")
  products.fields.getByName("images").thumbs = thumbs
  app.save(products)
}

migrate(
  (app) => setThumbs(app, AFTER),
  (app) => setThumbs(app, BEFORE),
)
