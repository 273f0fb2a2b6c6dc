// The data the server put into the page's HTML: on /home the first page of the listing, the
// facets and today's top 3 (pb_hooks/lib/page-boot.js home()), on a product page the product
// (pb_hooks/lib/products-og.js), so the first screen needs no API round trip after the
// JavaScript. Each piece is used once, by the first read that asks for exactly it; everything
// later (and every other page, and the service worker's copy of the app) goes to the API.
type BootData = {
  products?: { params: unknown; body: unknown }
  facets?: { body: unknown }
  ranking?: { params: unknown; body: unknown }
  product?: { slug: string; body: unknown }
}

let boot: BootData | null | undefined

function read(): BootData | null {
  if (boot !== undefined) return boot
  boot = null
  try {
    const el = typeof document !== "undefined" ? document.getElementById("vitrine-boot") : null
    if (el?.textContent) boot = JSON.parse(el.textContent) as BootData
    el?.remove()
  } catch {
    boot = null // unreadable: the API answers instead
  }
  return boot
}

/** The piece `name` the server sent for these parameters, once; else null. */
function takeWithParams(name: "products" | "ranking", params: unknown): unknown {
  const b = read()
  const piece = b?.[name]
  if (!b || !piece || JSON.stringify(piece.params) !== JSON.stringify(params)) return null
  delete b[name]
  return piece.body
}

/** The first listing page the server sent for these (normalized) parameters, once; else null. */
export function takeBootProducts(params: unknown): unknown {
  return takeWithParams("products", params)
}

/** The first page of the ranking the server sent for this query (/home: today's top 3), once; else null. */
export function takeBootRanking(params: unknown): unknown {
  return takeWithParams("ranking", params)
}

/** The facets the server sent, once; else null. */
export function takeBootFacets(): unknown {
  const b = read()
  if (!b?.facets) return null
  const body = b.facets.body
  delete b.facets
  return body
}

/** The product page's data the server sent for `slug`, once; else null. */
export function takeBootProduct(slug: string): unknown {
  const b = read()
  if (!b?.product || b.product.slug !== slug) return null
  const body = b.product.body
  delete b.product
  return body
}
