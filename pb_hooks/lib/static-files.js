// @ts-check
/// <reference path="../types/types.d.ts" />
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
// - /home (with its first data, lib/page-boot.js) has a route of its own.
// ETags and 304s for files come from Go's http.ServeContent (e.fileFS), which also answers Range
// requests. Each request reads the file's metadata: a rebuild is picked up without a restart.

const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
]
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
/** @type {{ [extension: string]: string }} */
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
/** @type {{ [name: string]: boolean }} */
const ALWAYS_FRESH = {
  "index.html": true,
  "landing.html": true,
  "home.html": true,
  "sw.js": true,
  "manifest.webmanifest": true,
}

function publicDir() {
  return $os.getenv("PUBLIC_DIR") || `${__hooks}/../dist`
}

/**
 * The file's info, or null when it is missing or a directory.
 * @param {string} full
 * @returns {os.FileInfo | null}
 */
function fileInfo(full) {
  try {
    const info = $os.stat(full)
    return info.isDir() ? null : info
  } catch (_) {
    return null
  }
}

/**
 * A path inside the public dir made only of plain segments (no '..', '.', hidden or empty ones).
 * @param {string} raw
 */
function safePath(raw) {
  if (raw === "") return true
  if (raw.length > 1024 || raw.indexOf("\\") !== -1 || raw.indexOf("\u0000") !== -1) return false
  return raw.split("/").every((s) => s !== "" && s[0] !== ".")
}

/**
 * Which encodings an Accept-Encoding header allows ('br;q=0' refuses br).
 * @param {string} header
 * @returns {{ [encoding: string]: boolean }}
 */
function acceptedEncodings(header) {
  /** @type {{ [encoding: string]: boolean }} */
  const out = {}
  for (const part of String(header || "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    const q = params.map((p) => p.trim()).find((p) => p.indexOf("q=") === 0)
    if (name && (!q || parseFloat(q.slice(2)) > 0)) out[name] = true
  }
  return out
}

/**
 * @param {string} name
 */
function extensionOf(name) {
  const m = /\.([a-z0-9]+)$/i.exec(name)
  return m ? m[1].toLowerCase() : ""
}

/**
 * @param {string} name
 */
function cacheControlFor(name) {
  if (name.indexOf("assets/") === 0) return IMMUTABLE
  if (ALWAYS_FRESH[name] || extensionOf(name) === "html") return REVALIDATE
  return DAY
}

/**
 * Serves `name` (relative to the public dir, known to exist as `info`).
 * @param {core.RequestEvent} e
 * @param {string} name
 * @param {os.FileInfo} info
 * @param {string} cacheControl
 */
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

/**
 * A page of the build as text (index.html unless named: /home's is home.html, with its first
 * screen prerendered), or null when there is none.
 * @param {string} [file]
 */
function readPage(file) {
  try {
    return toString($os.readFile(`${publicDir()}/${file || "index.html"}`))
  } catch (_) {
    return null
  }
}

/**
 * @param {core.RequestEvent} e
 */
function notFound(e) {
  e.response.header().set("Cache-Control", "no-store")
  return e.string(404, "Not Found")
}

/**
 * True when the request is a page load (navigations ask for text/html).
 * @param {core.RequestEvent} e
 */
function wantsHtml(e) {
  return String(e.request.header.get("Accept") || "").indexOf("text/html") !== -1
}

/**
 * GET /{path...}: a file of the build, the landing page, or the app for any route of it.
 * @param {core.RequestEvent} e
 */
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

module.exports = { serve, publicDir, fileInfo, readPage, notFound, acceptedEncodings }
