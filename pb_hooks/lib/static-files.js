// The built app (dist/, the --publicDir; read from PUBLIC_DIR), served in place of PocketBase's
// own static handler (which sends every file uncompressed and without Cache-Control):
// - text files go out as their build-time Brotli or gzip copy (x.js.br / x.js.gz, written by
//   scripts/vite/precompress.ts) when the browser accepts it, with Content-Encoding and
//   Vary: Accept-Encoding. A copy older than its file is ignored (a file changed after the build
//   goes out as it is, never as a stale copy);
// - hashed files (/assets/*) are immutable for a year; index.html, landing.html, sw.js and the
//   manifest are `no-cache` (revalidated with their ETag: 304 when unchanged); other files (icons,
//   screenshots) a day;
// - / is the prerendered landing page (landing.html); any other path that is not a file is a route
//   of the app and gets index.html (the SPA fallback), except under /assets/ and /api/ (404) and
//   paths that name a missing file (an extension) for a request that does not ask for HTML;
// - /home also carries its first listing page, the facets and a preload of the first card's
//   image, so the phone fetches them with the app's JavaScript, not after it (home()).
// ETags and 304s for files come from Go's http.ServeContent (e.fileFS), which also answers Range
// requests. Each request reads the file's metadata: a rebuild is picked up without a restart.

const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
]
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
const TYPES = {
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json",
  webmanifest: "application/manifest+json",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  ico: "image/x-icon",
  woff2: "font/woff2",
}
const IMMUTABLE = "public, max-age=31536000, immutable"
const REVALIDATE = "no-cache"
const DAY = "public, max-age=86400"
/** Files whose name never changes with their content: always revalidated. */
const ALWAYS_FRESH = { "index.html": true, "landing.html": true, "sw.js": true, "manifest.webmanifest": true }

function publicDir() {
  return $os.getenv("PUBLIC_DIR") || `${__hooks}/../dist`
}

/** The file's info, or null when it is missing or a directory. */
function fileInfo(full) {
  try {
    const info = $os.stat(full)
    return info.isDir() ? null : info
  } catch (_) {
    return null
  }
}

/** A path inside the public dir made only of plain segments (no '..', '.', hidden or empty ones). */
function safePath(raw) {
  if (raw === "") return true
  if (raw.length > 1024 || raw.indexOf("\\") !== -1 || raw.indexOf("\u0000") !== -1) return false
  return raw.split("/").every((s) => s !== "" && s[0] !== ".")
}

/** Which encodings an Accept-Encoding header allows ('br;q=0' refuses br). */
function acceptedEncodings(header) {
  const out = {}
  for (const part of String(header || "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    const q = params.map((p) => p.trim()).find((p) => p.indexOf("q=") === 0)
    if (name && (!q || parseFloat(q.slice(2)) > 0)) out[name] = true
  }
  return out
}

function extensionOf(name) {
  const m = /\.([a-z0-9]+)$/i.exec(name)
  return m ? m[1].toLowerCase() : ""
}

function cacheControlFor(name) {
  if (name.indexOf("assets/") === 0) return IMMUTABLE
  if (ALWAYS_FRESH[name] || extensionOf(name) === "html") return REVALIDATE
  return DAY
}

/** Serves `name` (relative to the public dir, known to exist as `info`). */
function sendFile(e, name, info, cacheControl) {
  const dir = publicDir()
  const headers = e.response.header()
  let served = name
  let encoding = ""
  let variant = info
  if (COMPRESSIBLE.test(name)) {
    headers.add("Vary", "Accept-Encoding")
    const accepted = acceptedEncodings(e.request.header.get("Accept-Encoding"))
    const original = info.modTime().unixMilli()
    for (const [enc, ext] of ENCODINGS) {
      if (!accepted[enc]) continue
      const copy = fileInfo(`${dir}/${name}${ext}`)
      if (copy && copy.modTime().unixMilli() >= original) {
        served = name + ext
        encoding = enc
        variant = copy
        break
      }
    }
  }
  const type = TYPES[extensionOf(name)]
  if (type) headers.set("Content-Type", type)
  if (encoding) headers.set("Content-Encoding", encoding)
  headers.set("Cache-Control", cacheControl)
  // one ETag per representation: size and time of the bytes sent, and their encoding
  const tag = `${variant.size().toString(36)}-${variant.modTime().unixMilli().toString(36)}`
  headers.set("ETag", `"${tag}${encoding ? "-" + encoding : ""}"`)
  return e.fileFS($os.dirFS(dir), served)
}

function notFound(e) {
  e.response.header().set("Cache-Control", "no-store")
  return e.string(404, "Not Found")
}

/** True when the request is a page load (navigations ask for text/html). */
function wantsHtml(e) {
  return String(e.request.header.get("Accept") || "").indexOf("text/html") !== -1
}

/** GET /{path...}: a file of the build, the landing page, or the app for any route of it. */
function serve(e) {
  const raw = String(e.request.pathValue("path") || "")
  // an unknown API route is an API error, not the app
  if (raw === "api" || raw.indexOf("api/") === 0) throw new NotFoundError()
  if (!safePath(raw)) return notFound(e)
  const dir = publicDir()
  if (raw === "") {
    const landing = fileInfo(`${dir}/landing.html`)
    if (landing) return sendFile(e, "landing.html", landing, REVALIDATE)
  } else {
    const info = fileInfo(`${dir}/${raw}`)
    if (info) return sendFile(e, raw, info, cacheControlFor(raw))
    if (raw.indexOf("assets/") === 0) return notFound(e)
    const last = raw.slice(raw.lastIndexOf("/") + 1)
    if (extensionOf(last) && !wantsHtml(e)) return notFound(e)
  }
  const index = fileInfo(`${dir}/index.html`)
  if (!index) return notFound(e)
  return sendFile(e, "index.html", index, REVALIDATE)
}

// ---------- what a route needs, preloaded ----------

/**
 * The build's .vite/manifest.json (which chunk each source module became, and what it imports),
 * parsed once per build (kept in the app store by file time), or null.
 */
function manifest(app) {
  const file = `${publicDir()}/.vite/manifest.json`
  const info = fileInfo(file)
  if (!info) return null
  const stamp = `${info.size()}-${info.modTime().unixMilli()}`
  const cached = app.store().get("vitrine:static:manifest")
  if (cached && cached.stamp === stamp) return cached.chunks
  let chunks
  try {
    chunks = JSON.parse(toString($os.readFile(file)))
  } catch (_) {
    chunks = null
  }
  app.store().set("vitrine:static:manifest", { stamp, chunks })
  return chunks
}

/**
 * <link rel="modulepreload"> for the chunks the given source modules need (their static imports,
 * transitively), minus the entry chunks the page loads anyway: the route's code is fetched with
 * the app's, not after it has run and asked for it.
 */
function modulePreloads(app, sources) {
  const chunks = manifest(app)
  if (!chunks) return ""
  const files = []
  const seen = {}
  const visit = (key) => {
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

/** `html` with `links` placed before its first script (the preload scanner meets them first). */
function beforeScripts(html, links) {
  const at = html.search(/<script/i)
  return links && at !== -1 ? html.slice(0, at) + links + "\n    " + html.slice(at) : html
}

/**
 * The product page's code: /products/{slug}. (Its signed-in extras, the vote button, comments
 * and reports, load once the page is up: src/app/product-slots.tsx.)
 */
function productPreloads(app) {
  return modulePreloads(app, ["src/app/routes/product.tsx"])
}

// ---------- /home with its first data ----------

/** JSON made safe inside a <script> data block (no '</script>', no '<!--'). */
function scriptJson(text) {
  return String(text).replace(/</g, "\\u003c")
}

function escapeAttr(s) {
  return String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
}

/** `html` with `json` (text) as the page's data block, read by src/lib/boot.ts. */
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
 */
function homeListing(query) {
  const text = (name) => (typeof query[name] === "string" ? query[name].trim() : "")
  const search = text("search")
  const rawSort = text("sort")
  const sort = rawSort === "top" || rawSort === "recent" ? rawSort : search ? "" : "recent"
  const params = {}
  if (search) params.search = search
  if (sort) params.sort = sort
  if (text("category")) params.category = text("category")
  if (text("tag")) params.tag = text("tag")
  if (query.lovable === "true") params.lovable = true
  if (query.epic === "true") params.epic = true
  const rules = require(`${__hooks}/lib/rules.json`)
  const api = { limit: String(rules.limits.pageSize) }
  for (const k of ["search", "sort", "category", "tag"]) if (params[k]) api[k] = params[k]
  if (params.lovable) api.lovable = "true"
  if (params.epic) api.epic = "true"
  return { params, api }
}

/**
 * A high-priority preload of a product's cover, with the same candidates and sizes as the app's
 * <img> (src/features/products/api/map-product.ts; `kind`: "cardCover" or "detailCover" of
 * images.json), so the browser picks the same file and the page reuses the download.
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
 * GET /home: index.html with the first page of the listing and the facets as JSON data blocks
 * (read by src/lib/boot.ts instead of two API requests) and a high-priority preload of the first
 * card's cover. The data is the public listing (the same for everyone, from the response cache).
 * Revalidated by ETag; a CDN may hold it as briefly as the listing itself.
 */
function home(e) {
  const index = fileInfo(`${publicDir()}/index.html`)
  if (!index) return notFound(e)
  let html = toString($os.readFile(`${publicDir()}/index.html`))
  const queries = require(`${__hooks}/lib/products-query.js`)
  const listing = homeListing(e.requestInfo().query)
  let preload = ""
  let data = ""
  try {
    const products = queries.listText(e.app, listing.api)
    if (products === null) throw new Error("private listing ('Seguindo')")
    const facets = queries.facetsText(e.app)
    const boot = `{"products":{"params":${JSON.stringify(listing.params)},"body":${products}},"facets":{"body":${facets}}}`
    preload = coverPreload(JSON.parse(products).items[0], "cardCover")
    data = boot
  } catch (err) {
    // an invalid parameter, say: the page without its data still works (the app asks the API)
    require(`${__hooks}/lib/util.js`).logWarn("/home bootstrap failed", err)
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

module.exports = {
  serve,
  home,
  acceptedEncodings,
  homeListing,
  productPreloads,
  coverPreload,
  beforeScripts,
  withBootData,
}
