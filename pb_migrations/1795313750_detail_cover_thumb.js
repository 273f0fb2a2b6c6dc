/// <reference path="../pb_data/types.d.ts" />
// The product page's cover in the size a phone needs: 800x450 (16:9, the cover's shape on the
// page) between 640x480 and 1280x0 in its <img srcset> (pb_hooks/lib/images.json). A phone 390 px
// wide at 1.75-2x wants ~700-780 px: without it, it took the 1280 px file (67 KB of the demo's
// cover instead of ~half), and the page's largest paint waited for it on a slow connection.
const BEFORE = ["640x480", "1280x0", "160x120", "320x240", "480x360"]
const AFTER = ["640x480", "1280x0", "160x120", "320x240", "480x360", "800x450"]

function setThumbs(app, thumbs) {
  const products = app.findCollectionByNameOrId("products")
  products.fields.getByName("images").thumbs = thumbs
  app.save(products)
}

migrate(
  (app) => setThumbs(app, AFTER),
  (app) => setThumbs(app, BEFORE),
)
