// What the server's reads send and what a cache in front may keep: gzip'd API JSON with ETag/304,
// Cache-Control that lets a CDN hold public reads and approved products' images only when no
// session is sent, every thumbnail size the cards ask for, and /home and product pages that carry
// their first data and name what to preload. (No timings here: npm run bench.) The server and its
// fake build are tests/helpers/http-delivery-fixture.ts.
import { describe, expect, it } from "vitest"
import imagesConfig from "../pb_hooks/lib/images.json"
import {
  approvedId,
  approvedSlug,
  be,
  decoded,
  get,
  HOME_SHELL,
  owner,
  pendingId,
  post,
  vary,
  withDeliveryBackend,
} from "./helpers/http-delivery-fixture"
import { images, listProducts } from "./helpers/products"

withDeliveryBackend()

describe("API reads", () => {
  it("compresses the listing and facets, with ETag and 304", async () => {
    for (const p of ["/api/vitrine/products?limit=24", "/api/vitrine/facets"]) {
      const r = await get(p, { "Accept-Encoding": "gzip" })
      expect(r.status, p).toBe(200)
      expect(r.headers["content-encoding"], p).toBe("gzip")
      expect(vary(r), p).toContain("Accept-Encoding")
      expect(JSON.parse(decoded(r)), p).toBeTruthy()
      const etag = String(r.headers.etag)
      // weak: the same content goes out gzip'd or not
      expect(etag, p).toMatch(/^W\/".+"$/)
      const again = await get(p, { "Accept-Encoding": "gzip", "If-None-Match": etag })
      expect(again.status, p).toBe(304)
      expect(again.body.length, p).toBe(0)
    }
  })

  it("sends a cached listing gzip'd from its first request on: the same bytes each time, its body once decoded", async () => {
    // a page nobody asked for yet: the first request fills the cache
    for (const p of [
      "/api/vitrine/products?limit=24&sort=top",
      "/api/vitrine/products?search=cache",
      "/api/vitrine/ranking?period=month",
    ]) {
      const first = await get(p, { "Accept-Encoding": "gzip, deflate, br" })
      expect(first.status, p).toBe(200)
      expect(first.headers["content-encoding"], p).toBe("gzip")
      expect(vary(first), p).toContain("Accept-Encoding")
      const plain = await get(p)
      expect(plain.headers["content-encoding"], p).toBeUndefined()
      expect(vary(plain), p).toContain("Accept-Encoding")
      expect(decoded(first), p).toBe(plain.body.toString())
      expect(String(plain.headers.etag), p).toBe(String(first.headers.etag))
      const again = await get(p, { "Accept-Encoding": "gzip" })
      expect(again.body.equals(first.body), p).toBe(true)
      const notModified = await get(p, { "Accept-Encoding": "gzip", "If-None-Match": String(first.headers.etag) })
      expect(notModified.status, p).toBe(304)
      expect(vary(notModified), p).toContain("Accept-Encoding")
    }
  })

  it("sends the signed-in 'Seguindo' feed gzip'd and private", async () => {
    const r = await get("/api/vitrine/products?following=true", {
      "Accept-Encoding": "gzip",
      Authorization: owner.pb.authStore.token,
    })
    expect(r.status).toBe(200)
    expect(r.headers["content-encoding"]).toBe("gzip")
    expect(r.headers["cache-control"]).toBe("private, no-store")
    expect(JSON.parse(decoded(r))).toMatchObject({ items: [] })
  })

  it("answers its internal compression route to nobody but itself", async () => {
    const text = "texto que não deve voltar ".repeat(20)
    const attempts: Array<Record<string, string>> = [
      {},
      { "X-Vitrine-Internal": "adivinhei" },
      { "X-Vitrine-Internal": "" },
    ]
    for (const headers of attempts) {
      const r = await post("/_vitrine/gzip", { "Accept-Encoding": "gzip", ...headers }, text)
      expect(r.status).toBe(404)
      expect(decoded(r)).not.toContain("texto que não deve voltar")
    }
  })

  it("lets a CDN keep public reads briefly, never a response to a request with a session", async () => {
    const reads = [
      "/api/vitrine/products?limit=24",
      "/api/vitrine/facets",
      `/api/vitrine/products/${approvedId}/related`,
      `/api/vitrine/products/${approvedId}/comments`,
    ]
    for (const p of reads) {
      const anon = await get(p)
      expect(anon.status, p).toBe(200)
      // browsers revalidate (never a stale copy of their own); a CDN keeps it 30 s, then stale 5 min
      expect(anon.headers["cache-control"], p).toBe("public, max-age=0, s-maxage=30")
      expect(anon.headers["cdn-cache-control"], p).toBe("public, s-maxage=30, stale-while-revalidate=300")
      const signedIn = await get(p, { Authorization: owner.pb.authStore.token })
      expect(signedIn.status, p).toBe(200)
      expect(signedIn.headers["cache-control"], p).toBe("private, no-cache")
      expect(signedIn.headers["cdn-cache-control"], p).toBeUndefined()
    }
    // the product page depends on who asks (a pending product, the rejection reason)
    const detail = await get(`/api/vitrine/products/by-slug/${approvedSlug}`, { "Accept-Encoding": "gzip" })
    expect(detail.headers["cache-control"]).toBe("private, no-cache")
  })

  it("sends a product page under 1 KB as it is and a longer one gzip'd, private either way", async () => {
    const gz = { "Accept-Encoding": "gzip" }
    const page = async (description: string) => {
      const p = await be.admin.collection("products").create({
        title: `Página ${description.length}`,
        description,
        url: "https://exemplo.com.br",
        created_by: owner.id,
        status: "approved",
        published_at: "2025-01-03 10:00:00.000Z",
        images: [images.png("pagina.png")],
      })
      const path = `/api/vitrine/products/by-slug/${p.slug}`
      return { zipped: await get(path, gz), plain: await get(path), anonBody: await be.anon().send(path, {}) }
    }
    const short = await page("Um produto de descrição curta, só para ver o tamanho da página.")
    expect(short.zipped.status).toBe(200)
    expect(short.zipped.headers["content-encoding"]).toBeUndefined()
    expect(short.zipped.body.length).toBeLessThan(1024)
    expect(JSON.parse(short.zipped.body.toString())).toEqual(short.anonBody)
    const long = await page("Uma descrição longa, com detalhes do produto e de como ele foi feito. ".repeat(12))
    expect(long.plain.body.length).toBeGreaterThanOrEqual(1024)
    expect(long.zipped.headers["content-encoding"]).toBe("gzip")
    expect(decoded(long.zipped)).toBe(long.plain.body.toString())
    expect(JSON.parse(long.plain.body.toString())).toEqual(long.anonBody)
    for (const r of [short.zipped, short.plain, long.zipped, long.plain]) {
      expect(r.headers["cache-control"]).toBe("private, no-cache")
      expect(vary(r)).toContain("Accept-Encoding")
    }
  })

  it("compresses a product's related products (from the cached copy) and its comments from 1 KB on", async () => {
    const gz = { "Accept-Encoding": "gzip" }
    // related products: the response cache's gzip'd copy, the same bytes each time
    const sibling = await be.admin.collection("products").create({
      title: "Produto Vizinho",
      description: "Outro produto da mesma categoria, para aparecer entre os relacionados do primeiro.",
      url: "https://exemplo.com.br",
      category: (await be.admin.collection("products").getOne(approvedId)).category,
      created_by: owner.id,
      status: "approved",
      published_at: "2025-01-02 10:00:00.000Z",
      images: [images.png("vizinho.png")],
    })
    const relatedPath = `/api/vitrine/products/${approvedId}/related`
    const related = await get(relatedPath, gz)
    expect(related.headers["content-encoding"]).toBe("gzip")
    expect(vary(related)).toContain("Accept-Encoding")
    expect(JSON.parse(decoded(related)).items.map((c: { id: string }) => c.id)).toEqual([sibling.id])
    expect((await get(relatedPath, gz)).body.equals(related.body)).toBe(true)
    expect(JSON.parse((await get(relatedPath)).body.toString()).items).toHaveLength(1)

    // a short comment list goes out as it is (gzip would only add bytes); a long one gzip'd
    const commentsPath = `/api/vitrine/products/${sibling.id}/comments`
    const none = await get(commentsPath, gz)
    expect(none.status).toBe(200)
    expect(none.headers["content-encoding"]).toBeUndefined()
    expect(vary(none)).toContain("Accept-Encoding")
    expect(JSON.parse(none.body.toString())).toEqual({ items: [] })
    expect((await get(commentsPath, { ...gz, "If-None-Match": String(none.headers.etag) })).status).toBe(304)
    for (let i = 0; i < 6; i++) {
      await be.admin.collection("comments").create({
        product: sibling.id,
        user: owner.id,
        content: `Comentário número ${i} com texto suficiente para a lista passar de um quilobyte no total.`,
      })
    }
    const many = await get(commentsPath, gz)
    expect(many.headers["content-encoding"]).toBe("gzip")
    expect(vary(many)).toContain("Accept-Encoding")
    expect(JSON.parse(decoded(many)).items).toHaveLength(6)
    const plain = await get(commentsPath)
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body.toString()).toBe(decoded(many))
    expect(plain.body.length).toBeGreaterThanOrEqual(1024)
    // still found only while the product may be seen
    expect((await get(`/api/vitrine/products/${pendingId}/comments`, gz)).status).toBe(404)
    expect((await get(`/api/vitrine/products/${pendingId}/related`, gz)).status).toBe(404)
  })

  it("lets a CDN keep an approved product's images, not a pending one's", async () => {
    const file = async (id: string) => {
      const rec = await be.admin.collection("products").getOne(id)
      return `/api/files/${rec.collectionId}/${id}/${(rec.images as string[])[0]}`
    }
    for (const suffix of ["", `?thumb=${imagesConfig.cardCover.src}`]) {
      const open = await get((await file(approvedId)) + suffix)
      expect(open.status).toBe(200)
      expect(open.headers["cache-control"]).toBe("public, max-age=604800, s-maxage=300, stale-while-revalidate=86400")
    }
    const withSession = await get(await file(approvedId), { Authorization: owner.pb.authStore.token })
    expect(withSession.headers["cache-control"]).toBe("private, max-age=3600")
    const pending = await get(await file(pendingId), { Authorization: owner.pb.authStore.token })
    expect(pending.headers["cache-control"]).not.toContain("public")
  })

  it("generates every thumbnail size the cards ask for", async () => {
    const products = await be.admin.collections.getOne("products")
    const field = products.fields.find((f) => f.name === "images") as unknown as { thumbs: string[] }
    for (const cover of [imagesConfig.cardCover, imagesConfig.detailCover]) {
      for (const t of cover.thumbs) expect(field.thumbs).toContain(t.size)
    }
  })
})

describe("first screens with their data", () => {
  /** The data block of a page (src/lib/boot.ts reads it). */
  const bootOf = (html: string) => {
    const m = /<script type="application\/json" id="vitrine-boot">(.*?)<\/script>/s.exec(html)
    return m ? JSON.parse(m[1]!) : null
  }

  it("puts the first listing page, the facets, today's top 3, the first cover and the route's code into /home", async () => {
    const r = await get("/home", { "Accept-Encoding": "gzip", Accept: "text/html" })
    expect(r.status).toBe(200)
    expect(r.headers["content-encoding"]).toBe("gzip")
    expect(r.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30")
    const html = decoded(r)
    const boot = bootOf(html)
    // the same answers the app would ask the API for
    expect(boot.products.params).toEqual({ sort: "recent" })
    expect(boot.products.body).toEqual(await listProducts(be.anon(), { sort: "recent", limit: "24" }))
    expect(boot.facets.body).toEqual(await be.anon().send("/api/vitrine/facets", {}))
    expect(boot.ranking.params).toEqual({ period: "today", limit: 3 })
    expect(boot.ranking.body).toEqual(
      await be.anon().send("/api/vitrine/ranking", { query: { period: "today", limit: 3 } }),
    )
    const first = boot.products.body.items[0]
    const cover = `/api/files/${first.collectionId}/${first.id}/${first.images[0]}`
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${cover}?thumb=640x480"`)
    for (const t of imagesConfig.cardCover.thumbs) expect(html).toContain(`${cover}?thumb=${t.size} ${t.width}w`)
    for (const f of ["assets/home-h1.js", "assets/listing-l1.js"]) {
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${f}" />`)
    }
    expect(html).not.toContain('href="/assets/main-abc123.js"') // the entry loads by its own script tag
    // preloads come before the scripts; the data at the end of <head>
    expect(html.indexOf("modulepreload")).toBeLessThan(html.indexOf('<script type="module"'))
    expect(html.indexOf("vitrine-boot")).toBeLessThan(html.indexOf("</head>"))
    const again = await get("/home", { "Accept-Encoding": "gzip", "If-None-Match": String(r.headers.etag) })
    expect(again.status).toBe(304)
  })

  it("paints /home's first screen from the HTML only where it is the app's: the view without filters", async () => {
    const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(html)?.[1]
    const plain = decoded(await get("/home", { "Accept-Encoding": "br", Accept: "text/html" }))
    expect(rootOf(plain)).toBe(HOME_SHELL)
    expect(bootOf(plain).products.params).toEqual({ sort: "recent" })
    expect(rootOf(decoded(await get("/home?sort=recent", { Accept: "text/html" })))).toBe(HOME_SHELL)
    // a filtered view's tabs, counts and heading would differ from the prerendered ones: the app alone
    for (const view of ["/home?sort=top", "/home?search=produto", "/home?category=entrega", "/home?following=true"]) {
      const html = decoded(await get(view, { Accept: "text/html" }))
      expect(rootOf(html), view).toBe("")
      expect(html, view).toContain('<script type="module" crossorigin src="/assets/main-abc123.js">')
    }
    // any other route of the app: index.html, never /home's first screen
    expect(rootOf(decoded(await get("/ranking", { Accept: "text/html" })))).toBe("")
  })

  it("follows the URL's filters, and keeps a title's markup inert inside the data", async () => {
    const id = (
      await be.admin.collection("products").create({
        title: "</script><script>alert(1)</script>",
        description: "Um título que tenta fechar o bloco de dados da página e rodar um script.",
        url: "https://exemplo.com.br",
        created_by: owner.id,
        status: "approved",
        published_at: "2025-02-01 10:00:00.000Z",
        images: [images.png("capa.png")],
      })
    ).id
    try {
      const html = decoded(await get("/home?search=script&sort=top&lovable=true", { Accept: "text/html" }))
      const boot = bootOf(html)
      expect(boot.products.params).toEqual({ search: "script", sort: "top", lovable: true })
      expect(html).not.toContain("<script>alert(1)</script>")
      const plain = bootOf(decoded(await get("/home", { Accept: "text/html" })))
      expect(plain.products.body.items[0].title).toBe("</script><script>alert(1)</script>")
    } finally {
      await be.admin.collection("products").delete(id)
    }
  })

  it("puts an approved product, its cover and the page's code into /products/{slug}, nothing for others", async () => {
    const r = await get(`/products/${approvedSlug}`, { "Accept-Encoding": "gzip", Accept: "text/html" })
    expect(r.headers["content-encoding"]).toBe("gzip")
    const html = decoded(r)
    const boot = bootOf(html)
    expect(boot.product.slug).toBe(approvedSlug)
    expect(boot.product.body).toEqual(await be.anon().send(`/api/vitrine/products/by-slug/${approvedSlug}`, {}))
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="/api/files/`)
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-p1.js" />')
    const pendingSlug = (await be.admin.collection("products").getOne(pendingId)).slug as string
    const other = decoded(await get(`/products/${pendingSlug}`, { Accept: "text/html" }))
    expect(bootOf(other)).toBeNull()
    expect(other).not.toContain('rel="preload" as="image"')
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/product-p1.js" />')
  })
})
