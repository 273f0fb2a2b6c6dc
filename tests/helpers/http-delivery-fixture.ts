// The server of the delivery suites (tests/http-delivery-*.test.ts): a real PocketBase serving a
// fake build from a temp public dir (hashed asset, worker, index, landing and home pages, manifest, each
// with Brotli and gzip copies; an icon; Vite's chunk manifest), an approved and a pending product,
// and a GET that shows the bytes and headers as sent. One server per test file: vitest gives each
// file its own copy of this module.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import http from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { afterAll, beforeAll } from "vitest"
import { startBackend, type TestBackend } from "./pocketbase"
import { images } from "./products"

export const APP_JS = `console.log("app");\n`.repeat(200)
export const SW_JS = `self.addEventListener("fetch", () => {});\n`.repeat(50)
export const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Vitrine</title>
    <script type="module" crossorigin src="/assets/main-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`
export const LANDING_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><h1>Mostre ao mundo</h1></div>')
/** /home's first screen, prerendered at build time (src/app/routes/home.prerender.tsx) */
export const HOME_SHELL = '<div inert=""><h1>Descubra produtos amáveis</h1></div>'
export const HOME_HTML = INDEX_HTML.replace('<div id="root"></div>', `<div id="root">${HOME_SHELL}</div>`)
const MANIFEST = {
  "index.html": { file: "assets/main-abc123.js", isEntry: true, imports: ["_rolldown-runtime-x.js"] },
  "_rolldown-runtime-x.js": { file: "assets/rolldown-runtime-x.js" },
  "src/app/routes/home.tsx": { file: "assets/home-h1.js", imports: ["index.html", "_listing-l1.js"] },
  "_listing-l1.js": { file: "assets/listing-l1.js", imports: ["index.html"] },
  "src/app/routes/product.tsx": { file: "assets/product-p1.js", imports: ["index.html", "_listing-l1.js"] },
}

// set in beforeAll by withDeliveryBackend (live bindings: importers see the values once it ran)
export let be: TestBackend
export let publicDir: string
export let approvedSlug = ""
export let approvedId = ""
export let pendingId = ""
export let owner: Awaited<ReturnType<TestBackend["user"]>>

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A GET that shows the bytes as sent (no automatic decompression), with the given headers. */
export function get(p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(be.url + p, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on("error", reject)
  })
}

/** A POST of `body` with the given headers, the answer's bytes as sent. */
export function post(p: string, headers: Record<string, string>, body: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(be.url + p, { method: "POST", headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on("error", reject)
    req.end(body)
  })
}

export const decoded = (r: Raw) =>
  r.headers["content-encoding"] === "br"
    ? brotliDecompressSync(r.body).toString()
    : r.headers["content-encoding"] === "gzip"
      ? gunzipSync(r.body).toString()
      : r.body.toString()
export const vary = (r: Raw) => String(r.headers.vary ?? "")

async function writeWithCopies(file: string, text: string) {
  await writeFile(file, text)
  await writeFile(`${file}.br`, brotliCompressSync(text))
  await writeFile(`${file}.gz`, gzipSync(text))
}

/** Writes the build and starts PocketBase on it before the file's tests; stops and removes both after. */
export function withDeliveryBackend() {
  beforeAll(async () => {
    publicDir = await mkdtemp(path.join(tmpdir(), "vitrine-delivery-"))
    await mkdir(path.join(publicDir, "assets"))
    await mkdir(path.join(publicDir, "icons"))
    await mkdir(path.join(publicDir, ".vite"))
    await writeWithCopies(path.join(publicDir, "assets/main-abc123.js"), APP_JS)
    await writeWithCopies(path.join(publicDir, "sw.js"), SW_JS)
    await writeWithCopies(path.join(publicDir, "index.html"), INDEX_HTML)
    await writeWithCopies(path.join(publicDir, "landing.html"), LANDING_HTML)
    await writeWithCopies(path.join(publicDir, "home.html"), HOME_HTML)
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
}
