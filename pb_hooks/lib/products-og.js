// @ts-check
/// <reference path="../types/types.d.ts" />
// Link previews: GET /products/{slug} answers the SPA's index.html with Open Graph and Twitter meta
// tags for an approved product, so a shared link shows its title, description and cover even
// though the page itself asks for login. Crawlers do not run the app, so the tags must be in the
// HTML. Anything else (missing, pending, rejected) gets the plain index.html: the app shows its
// own "not found". Other paths (/products/{slug}/edit, every SPA route) keep PocketBase's static
// handler with its index.html fallback.
//
// index.html is read from PUBLIC_DIR (lib/static-files.js; set by scripts/lib/pb-server.mjs to the
// --publicDir it passes), on every request: a rebuild is picked up without a restart.

const DESCRIPTION_MAX = 200

/**
 * @param {unknown} s
 */
function escapeHtml(s) {
  return String(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
}

/**
 * The site's public address: APP_URL (settings) or, failing that, the request's own origin.
 * @param {core.RequestEvent} e
 */
function origin(e) {
  const configured = String(e.app.settings().meta.appURL || "").replace(/\/+$/, "")
  if (configured) return configured
  const proto = e.request.header.get("X-Forwarded-Proto") || (e.request.tls ? "https" : "http")
  return `${proto}://${e.request.host}`
}

/**
 * @param {string} text
 */
function shorten(text) {
  const s = String(text).replace(/\s+/g, " ").trim()
  return s.length <= DESCRIPTION_MAX ? s : s.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "") + "…"
}

/**
 * index.html with the product's tags in <head> (and its title as the page title).
 * @param {string} html
 * @param {core.RequestEvent} e
 * @param {core.Record} product
 */
function withMeta(html, e, product) {
  const base = origin(e)
  const title = product.getString("title")
  const description = shorten(product.getString("description"))
  const url = `${base}/products/${encodeURIComponent(product.getString("slug"))}`
  const cover = product.getStringSlice("images")[0]
  const image = cover
    ? `${base}/api/files/${product.collection().id}/${product.id}/${encodeURIComponent(cover)}?thumb=1280x0`
    : ""
  const meta = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", "Vitrine"],
    ["property", "og:locale", "pt_BR"],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", url],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
  ]
  if (image) meta.push(["property", "og:image", image], ["name", "twitter:image", image])
  const tags = meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
  tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`)

  // replacer functions: a replacement string would read `$&`, `$'`, `` $` `` in a title as patterns
  let out = html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)} — Vitrine</title>`)
  out = out.replace(
    /<meta\s+name="description"[^>]*>/i,
    () => `<meta name="description" content="${escapeHtml(description)}" />`,
  )
  const head = out.search(/<\/head>/i)
  return head === -1 ? out : out.slice(0, head) + tags.join("\n    ") + "\n  " + out.slice(head)
}

/**
 * GET /products/{slug}
 * @param {core.RequestEvent} e
 */
function page(e) {
  const html = require(`${__hooks}/lib/static-files.js`).readPage()
  if (html === null) throw new NotFoundError()
  let body = html
  /** @type {import("./page-boot.js").CoverRef | ""} */
  let cover = ""
  let data = ""
  try {
    const slug = String(e.request.pathValue("slug") || "")
    const product = e.app.findFirstRecordByData("products", "slug", slug)
    if (product.getString("status") === "approved") {
      body = withMeta(html, e, product)
      const images = product.getStringSlice("images")
      cover = { id: product.id, collectionId: product.collection().id, images: images }
      // the page's data as the app would ask for it (src/lib/boot.ts): no API round trip
      const detail = require(`${__hooks}/lib/products-detail.js`).publicDetailText(e.app, product.id)
      data = `{"product":{"slug":${JSON.stringify(slug)},"body":${detail}}}`
    }
  } catch (_) {
    // no such product: the plain app
  }
  // the page's code and (public products) its cover start with the app's, not after it ran
  const files = require(`${__hooks}/lib/page-boot.js`)
  const preloads = [cover ? files.coverPreload(cover, "detailCover") : "", files.productPreloads(e.app)]
  body = files.beforeScripts(body, preloads.filter(Boolean).join("\n    "))
  if (data) body = files.withBootData(body, data)
  e.response.header().set("Cache-Control", "no-cache")
  return e.html(200, body)
}

module.exports = { page, escapeHtml }
