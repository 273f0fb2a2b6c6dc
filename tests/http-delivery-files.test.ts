// What the phone downloads and what a cache in front may keep of the app's own files, read from the
// real server's headers: build-time Brotli/gzip copies chosen by Accept-Encoding (never a stale
// one), immutable hashed assets, revalidated HTML/worker/manifest (ETag, 304), the landing page at
// /, the app at every route, and 404s where a file or an API route is missing. (No timings here:
// npm run bench.) The server and its fake build are tests/helpers/http-delivery-fixture.ts.
import { utimes, writeFile } from "node:fs/promises"
import path from "node:path"
import { describe, expect, it } from "vitest"
import {
  APP_JS,
  decoded,
  get,
  INDEX_HTML,
  LANDING_HTML,
  publicDir,
  SW_JS,
  vary,
  withDeliveryBackend,
} from "./helpers/http-delivery-fixture"

withDeliveryBackend()

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

  it("revalidates index.html, home.html (the service worker precaches it), the service worker and the manifest: no-cache, ETag, 304", async () => {
    for (const p of ["/index.html", "/home.html", "/sw.js", "/manifest.webmanifest"]) {
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
