// @ts-check
/// <reference path="../types/types.d.ts" />
// What a page of the app carries besides index.html, so the first screen needs no second round
// trip (src/lib/boot.ts reads it):
// - <link rel="modulepreload"> of the route's code (from the build's .vite/manifest.json), so it
//   downloads with the app's JavaScript instead of after it ran;
// - a high-priority preload of the cover image the page opens with (the same candidates and sizes
//   as the app's <img>);
// - the page's data as a JSON block: /home (home() here) carries its first listing page, the
//   facets and today's top 3 ('Lançamentos de hoje'); a product page (lib/products-og.js) its
//   product.

const util = require(`${__hooks}/lib/util.js`)

/** @typedef {{ file: string, isEntry?: boolean, imports?: string[] }} ManifestChunk */
/**
 * What a cover preload needs of a product (a record's fields, or a listing item).
 * @typedef {{ id: string, collectionId: string, images: string[] }} CoverRef
 */

/**
 * The build's .vite/manifest.json (which chunk each source module became, and what it imports),
 * parsed once per build (kept in the app store by file time), or null.
 * @param {core.App} app
 * @returns {{ [source: string]: ManifestChunk } | null}
 */
function manifest(app) {
  const files = require(`${__hooks}/lib/static-files.js`)
  const file = `${files.publicDir()}/.vite/manifest.json`
  const info = files.fileInfo(file)
  if (!info) return null
  const stamp = `${info.size()}-${info.modTime().unixMilli()}`
  const store = require(`${__hooks}/lib/app-store.js`).appStore(app) // once per /home: kept methods
  const cached = store.get("vitrine:static:manifest")
  if (cached && cached.stamp === stamp) return cached.chunks
  let chunks
  try {
    chunks = JSON.parse(toString($os.readFile(file)))
  } catch (_) {
    chunks = null
  }
  store.set("vitrine:static:manifest", { stamp, chunks })
  return chunks
}

/**
 * <link rel="modulepreload"> for the chunks the given source modules need (their static imports,
 * transitively), minus the entry chunks the page loads anyway: the route's code is fetched with
 * the app's, not after it has run and asked for it.
 * @param {core.App} app
 * @param {string[]} sources
 */
function modulePreloads(app, sources) {
  const chunks = manifest(app)
  if (!chunks) return ""
  /** @type {string[]} */
  const files = []
  /** @type {{ [key: string]: boolean }} */
  const seen = {}
  const visit = (/** @type {string} */ key) => {
    const chunk = chunks[key]
    if (!chunk || seen[key]) return
    seen[key] = true
    if (chunk.isEntry || /rolldown-runtime/.test(chunk.file)) return
    files.push(chunk.file)
    for (const dep of chunk.imports || []) visit(dep)
  }
  for (const s of sources) visit(s)
  return files.map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}" />`).join("\n    ")
}

/**
 * `html` with `links` placed before its first script (the preload scanner meets them first).
 * @param {string} html
 * @param {string} links
 */
function beforeScripts(html, links) {
  const at = html.search(/<script/i)
  return links && at !== -1 ? html.slice(0, at) + links + "\n    " + html.slice(at) : html
}

/**
 * The product page's code: /products/{slug}. (Its signed-in extras, the vote button, comments
 * and reports, load once the page is up: src/app/product-slots.tsx.)
 * @param {core.App} app
 */
function productPreloads(app) {
  return modulePreloads(app, ["src/app/routes/product.tsx"])
}

// ---------- /home with its first data ----------

/**
 * JSON made safe inside a <script> data block (no '</script>', no '<!--').
 * @param {string} text
 */
function scriptJson(text) {
  return String(text).replace(/</g, "\\u003c")
}

/**
 * @param {unknown} s
 */
function escapeAttr(s) {
  return String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
}

/**
 * `html` with `json` (text) as the page's data block, read by src/lib/boot.ts.
 * @param {string} html
 * @param {string} json
 */
function withBootData(html, json) {
  const end = html.search(/<\/head>/i)
  if (end === -1) return html
  return (
    html.slice(0, end) +
    `<script type="application/json" id="vitrine-boot">${scriptJson(json)}</script>\n  ` +
    html.slice(end)
  )
}

/**
 * The listing parameters the app sends for this /home URL (src/features/products/components/
 * listing-params.ts and api/get-products.ts, mirrored): `params` as the app normalizes them, and
 * the API query they become.
 * @param {{ [name: string]: unknown }} query
 */
function homeListing(query) {
  const text = (/** @type {string} */ name) => util.param(query, name)
  const search = text("search")
  const rawSort = text("sort")
  const sort = rawSort === "top" || rawSort === "recent" ? rawSort : search ? "" : "recent"
  /** @type {{ search?: string, sort?: string, category?: string, tag?: string, lovable?: boolean, epic?: boolean }} */
  const params = {}
  if (search) params.search = search
  if (sort) params.sort = sort
  if (text("category")) params.category = text("category")
  if (text("tag")) params.tag = text("tag")
  if (query.lovable === "true") params.lovable = true
  if (query.epic === "true") params.epic = true
  /** @type {{ [key: string]: string }} */
  const api = { limit: String(util.rules().limits.pageSize) }
  for (const k of /** @type {const} */ (["search", "sort", "category", "tag"])) if (params[k]) api[k] = params[k]
  if (params.lovable) api.lovable = "true"
  if (params.epic) api.epic = "true"
  return { params, api }
}

/**
 * A high-priority preload of a product's cover, with the same candidates and sizes as the app's
 * <img> (src/features/products/api/map-product.ts; `kind`: "cardCover" or "detailCover" of
 * images.json), so the browser picks the same file and the page reuses the download.
 * @param {CoverRef} product
 * @param {"cardCover" | "detailCover"} kind
 */
function coverPreload(product, kind) {
  const file = product && Array.isArray(product.images) ? product.images[0] : ""
  if (!file) return ""
  const base = `/api/files/${encodeURIComponent(product.collectionId)}/${encodeURIComponent(product.id)}/${encodeURIComponent(file)}`
  const cover = require(`${__hooks}/lib/images.json`)[kind]
  const srcset = cover.thumbs.map((t) => `${base}?thumb=${t.size} ${t.width}w`).join(", ")
  return (
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(`${base}?thumb=${cover.src}`)}" ` +
    `imagesrcset="${escapeAttr(srcset)}" imagesizes="${escapeAttr(cover.sizes)}" />`
  )
}

/**
 * GET /home: home.html (index.html with the first screen before its data, prerendered) with the
 * first page of the listing, the facets and today's top 3 as JSON data blocks (read by
 * src/lib/boot.ts instead of three API requests) and a high-priority preload of the first card's
 * cover. The data is the public listing (the same for everyone, from the response cache).
 * Revalidated by ETag; a CDN may hold it as briefly as the listing itself.
 * @param {core.RequestEvent} e
 */
function home(e) {
  const files = require(`${__hooks}/lib/static-files.js`)
  const query = e.requestInfo().query
  const listing = homeListing(query)
  // the first screen prerendered at build time (src/app/routes/home.prerender.tsx) is /home's
  // without filters: a filtered view gets the app alone (its sort tabs and counts would differ)
  const plain = JSON.stringify(listing.params) === '{"sort":"recent"}' && !query.following
  const shell = plain ? files.readPage("home.html") : null
  let html = shell || files.readPage()
  if (html === null) return files.notFound(e)
  const queries = require(`${__hooks}/lib/products-response.js`)
  let preload = ""
  let data = ""
  try {
    const products = queries.listText(e.app, listing.api)
    if (products === null) throw new Error("private listing ('Seguindo')")
    const facets = queries.facetsText(e.app)
    const strip = { period: "today", limit: util.rules().limits.launchStrip }
    const ranking = require(`${__hooks}/lib/ranking.js`).todayText(e.app, strip.limit)
    const boot =
      `{"products":{"params":${JSON.stringify(listing.params)},"body":${products}},"facets":{"body":${facets}},` +
      `"ranking":{"params":${JSON.stringify(strip)},"body":${ranking}}}`
    preload = coverPreload(JSON.parse(products).items[0], "cardCover")
    data = boot
  } catch (err) {
    // an invalid parameter, say: the page without its data still works (the app asks the API)
    util.logWarn("/home bootstrap failed", err)
  }
  // the image and the route's code first (the preload scanner meets them before the scripts), the
  // data at the end of <head>
  html = beforeScripts(
    html,
    [preload, modulePreloads(e.app, ["src/app/routes/home.tsx"])].filter(Boolean).join("\n    "),
  )
  if (data) html = withBootData(html, data)

  const http = require(`${__hooks}/lib/http-cache.js`)
  const etag = http.etagOf(html)
  const headers = e.response.header()
  headers.set("ETag", etag)
  headers.set("Cache-Control", http.publicRead(e))
  if (http.notModified(e, etag)) return e.noContent(304)
  return e.html(200, html)
}

module.exports = { home, homeListing, productPreloads, coverPreload, beforeScripts, withBootData }
