// What the phone downloads and what a cache in front may keep, read from the real server's
// headers: build-time Brotli/gzip copies chosen by Accept-Encoding (never a stale one), immutable
// hashed assets, revalidated HTML/worker/manifest (ETag, 304), the landing page at /, the app at
// every route, 404s where a file or an API route is missing, gzip'd API JSON with ETag/304, and
// Cache-Control that lets a CDN hold public reads only when no session is sent. /home and product
// pages carry their first data and name what to preload. (No timings here: npm run bench.)
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises"
import http from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import imagesConfig from "../pb_hooks/lib/images.json"
import { startBackend, type TestBackend } from "./helpers/pocketbase"
import { images, listProducts } from "./helpers/products"

const APP_JS = `console.log("app");\n`.repeat(200)
const SW_JS = `self.addEventListener("fetch", () => {});\n`.repeat(50)
const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Vitrine</title>
    <script type="module" crossorigin src="/assets/main-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`
const LANDING_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><h1>Mostre ao mundo</h1></div>')
const MANIFEST = {
  "index.html": { file: "assets/main-abc123.js", isEntry: true, imports: ["_rolldown-runtime-x.js"] },
  "_rolldown-runtime-x.js": { file: "assets/rolldown-runtime-x.js" },
  "src/app/routes/home.tsx": { file: "assets/home-h1.js", imports: ["index.html", "_listing-l1.js"] },
  "_listing-l1.js": { file: "assets/listing-l1.js", imports: ["index.html"] },
  "src/app/routes/product.tsx": { file: "assets/product-p1.js", imports: ["index.html", "_listing-l1.js"] },
}

let be: TestBackend
let publicDir: string
let approvedSlug = ""
let approvedId = ""
let pendingId = ""
let owner: Awaited<ReturnType<TestBackend["user"]>>

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A GET that shows the bytes as sent (no automatic decompression), with the given headers. */
function get(p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(be.url + p, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on("error", reject)
  })
}

const decoded = (r: Raw) =>
  r.headers["content-encoding"] === "br"
    ? brotliDecompressSync(r.body).toString()
    : r.headers["content-encoding"] === "gzip"
      ? gunzipSync(r.body).toString()
      : r.body.toString()
const vary = (r: Raw) => String(r.headers.vary ?? "")

async function writeWithCopies(file: string, text: string) {
  await writeFile(file, text)
  await writeFile(`${file}.br`, brotliCompressSync(text))
  await writeFile(`${file}.gz`, gzipSync(text))
}

beforeAll(async () => {
  publicDir = await mkdtemp(path.join(tmpdir(), "vitrine-delivery-"))
  await mkdir(path.join(publicDir, "assets"))
  await mkdir(path.join(publicDir, "icons"))
  await mkdir(path.join(publicDir, ".vite"))
  await writeWithCopies(path.join(publicDir, "assets/main-abc123.js"), APP_JS)
  await writeWithCopies(path.join(publicDir, "sw.js"), SW_JS)
  await writeWithCopies(path.join(publicDir, "index.html"), INDEX_HTML)
  await writeWithCopies(path.join(publicDir, "landing.html"), LANDING_HTML)
  await writeWithCopies(path.join(publicDir, "manifest.webmanifest"), JSON.stringify({ name: "Vitrine" }))
  await writeFile(path.join(publicDir, "icons/icon-192.png"), Buffer.from(await images.png().arrayBuffer()))
  await writeFile(path.join(publicDir, ".vite/manifest.json"), JSON.stringify(MANIFEST))
  be = await startBackend({}, { publicDir })
  owner = await be.user("Dona da Vitrine")
  const cat = (await be.admin.collection("categories").create({ name: "Entrega", slug: "entrega" })).id
  const product = (status: string, title: string) =>
    be.admin.collection("products").create({
      title,
      description: "Um produto para conferir os cabeçalhos de cache e de compressão do servidor.",
      url: "https://exemplo.com.br",
      category: cat,
      created_by: owner.id,
      status,
      published_at: status === "approved" ? "2025-01-01 10:00:00.000Z" : "",
      images: [images.png("capa.png")],
    })
  const approved = await product("approved", "Produto Aprovado")
  approvedId = approved.id
  approvedSlug = approved.slug as string
  pendingId = (await product("pending", "Produto Pendente")).id
})

afterAll(async () => {
  await be?.stop()
  if (publicDir) await rm(publicDir, { recursive: true, force: true })
})

describe("the app's files", () => {
  it("sends a hashed asset as its Brotli copy, immutable for a year", async () => {
    const r = await get("/assets/main-abc123.js", { "Accept-Encoding": "gzip, deflate, br" })
    expect(r.status).toBe(200)
    expect(r.headers["content-encoding"]).toBe("br")
    expect(r.headers["content-type"]).toBe("text/javascript; charset=utf-8")
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(vary(r)).toContain("Accept-Encoding")
    expect(r.body.length).toBeLessThan(APP_JS.length / 5)
    expect(decoded(r)).toBe(APP_JS)
  })

  it("sends gzip to a client without Brotli, and the file itself to one that accepts neither", async () => {
    const gz = await get("/assets/main-abc123.js", { "Accept-Encoding": "gzip" })
    expect(gz.headers["content-encoding"]).toBe("gzip")
    expect(decoded(gz)).toBe(APP_JS)
    const refused = await get("/assets/main-abc123.js", { "Accept-Encoding": "br;q=0, gzip" })
    expect(refused.headers["content-encoding"]).toBe("gzip")
    const plain = await get("/assets/main-abc123.js")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body.toString()).toBe(APP_JS)
    expect(vary(plain)).toContain("Accept-Encoding")
  })

  it("revalidates index.html, the service worker and the manifest: no-cache, ETag, 304", async () => {
    for (const p of ["/index.html", "/sw.js", "/manifest.webmanifest"]) {
      const r = await get(p, { "Accept-Encoding": "br" })
      expect(r.status, p).toBe(200)
      expect(r.headers["cache-control"], p).toBe("no-cache")
      const etag = String(r.headers.etag)
      expect(etag, p).toMatch(/^".+"$/)
      const again = await get(p, { "Accept-Encoding": "br", "If-None-Match": etag })
      expect(again.status, p).toBe(304)
      expect(again.body.length, p).toBe(0)
      // another representation has another tag
      expect((await get(p, { "Accept-Encoding": "gzip" })).headers.etag, p).not.toBe(etag)
    }
    expect((await get("/manifest.webmanifest")).headers["content-type"]).toBe("application/manifest+json")
  })

  it("never sends a compressed copy older than its file (a file changed after the build)", async () => {
    const changed = `${SW_JS}// nova versão\n`
    const file = path.join(publicDir, "sw.js")
    await writeFile(file, changed)
    const later = new Date(Date.now() + 5000)
    await utimes(file, later, later)
    const r = await get("/sw.js", { "Accept-Encoding": "br, gzip" })
    expect(r.headers["content-encoding"]).toBeUndefined()
    expect(r.body.toString()).toBe(changed)
  })

  it("keeps other files a day", async () => {
    const r = await get("/icons/icon-192.png", { "Accept-Encoding": "br, gzip" })
    expect(r.status).toBe(200)
    expect(r.headers["content-type"]).toBe("image/png")
    expect(r.headers["cache-control"]).toBe("public, max-age=86400")
    expect(r.headers["content-encoding"]).toBeUndefined()
  })

  it("answers / with the prerendered landing page and every route of the app with the app", async () => {
    const landing = await get("/", { "Accept-Encoding": "br", Accept: "text/html" })
    expect(landing.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(landing.headers["cache-control"]).toBe("no-cache")
    expect(decoded(landing)).toBe(LANDING_HTML)
    for (const p of ["/categories/abc", "/products/um-produto/edit", "/makers/ana.souza", "/uma/rota/qualquer"]) {
      const r = await get(p, { "Accept-Encoding": "br", Accept: "text/html" })
      expect(r.status, p).toBe(200)
      expect(r.headers["cache-control"], p).toBe("no-cache")
      expect(decoded(r), p).toBe(INDEX_HTML)
    }
  })

  it("answers 404 for a missing asset or file and an unknown API route, and never leaves the public dir", async () => {
    const asset = await get("/assets/main-old999.js", { Accept: "*/*" })
    expect(asset.status).toBe(404)
    expect(asset.headers["cache-control"]).toBe("no-store")
    expect((await get("/assets/main-old999.js", { Accept: "text/html" })).status).toBe(404)
    expect((await get("/robots.txt", { Accept: "*/*" })).status).toBe(404)
    const api = await get("/api/nada-aqui")
    expect(api.status).toBe(404)
    expect(api.headers["content-type"]).toContain("application/json")
    for (const p of ["/..%2f..%2fetc%2fpasswd", "/.vite/manifest.json", "/assets/..%2f..%2fpb_data"]) {
      const r = await get(p, { Accept: "*/*" })
      expect(r.status, p).toBe(404)
      expect(r.body.toString(), p).not.toContain("root:")
    }
  })
})

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
    expect(detail.headers["content-encoding"]).toBe("gzip")
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
