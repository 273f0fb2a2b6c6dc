// `npm run bench` (second part): what a visitor's browser pays, on the built app (dist/) served by
// a throw-away PocketBase with the demo data, in real Chromium:
//   1. first-route JS: every script /home loads for a visitor, gzip-compressed (budget 170 KB);
//   2. offline reload of /home: from reload to the first product card on screen, with the network
//      cut (service worker shell + IndexedDB copy), median of 7 (target under 1 s).
import { readFile } from "node:fs/promises"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { chromium } from "@playwright/test"
import { findChromium } from "./ensure-browser.mjs"
import { seedIfEmpty } from "./lib/maybe-seed.mjs"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"

const JS_BUDGET_KB = 170
const OFFLINE_TARGET_MS = 1000
const SUPERUSER = { email: "bench@vitrine.local", password: "bench-superuser-123" }
const DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(ROOT, "dist")
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export async function benchApp() {
  const server = await startPocketBase({ publicDir: DIST, superuser: SUPERUSER, env: { RATE_LIMITS: "off" } })
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: ARGS })
  try {
    await seedIfEmpty(server.url, SUPERUSER)

    // 1. first-route JS (no service worker: what a first visit downloads)
    const fresh = await browser.newContext({ serviceWorkers: "block" })
    const page = await fresh.newPage()
    const scripts = new Set()
    page.on("request", (r) => r.resourceType() === "script" && scripts.add(new URL(r.url()).pathname))
    await page.goto(`${server.url}/home`)
    await page.getByTestId("product-grid").getByRole("article").first().waitFor()
    await page.waitForLoadState("networkidle")
    let bytes = 0
    for (const p of scripts) bytes += gzipSync(await readFile(path.join(DIST, p))).length
    const kb = bytes / 1024
    await fresh.close()

    // 2. offline reload of /home
    const ctx = await browser.newContext()
    const tab = await ctx.newPage()
    await tab.goto(`${server.url}/home`)
    await tab.evaluate(() => navigator.serviceWorker.ready)
    while (!(await tab.evaluate(() => !!navigator.serviceWorker.controller))) await tab.reload()
    await tab.getByTestId("product-grid").getByRole("article").first().waitFor()
    await ctx.setOffline(true)
    const times = []
    for (let i = 0; i < 7; i++) {
      const t = performance.now()
      await tab.reload({ waitUntil: "commit" })
      await tab.getByTestId("product-grid").getByRole("article").first().waitFor()
      times.push(performance.now() - t)
    }
    await ctx.close()

    console.log("\nNavegador (Chromium, app construído, dados de demonstração):")
    console.log(`  JS da primeira rota (/home, visitante): ${kb.toFixed(1)} KB gzip em ${scripts.size} arquivos`)
    console.log(
      `  Recarregar /home offline até o primeiro produto: mediana ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
    )
    const verdict = (ok, text) => console.log(`${ok ? "OK   " : "FALHA"} ${text}`)
    verdict(kb <= JS_BUDGET_KB, `JS da primeira rota <= ${JS_BUDGET_KB} KB gzip`)
    verdict(median(times) < OFFLINE_TARGET_MS, `/home offline mostra produtos em menos de ${OFFLINE_TARGET_MS} ms`)
    return kb <= JS_BUDGET_KB && median(times) < OFFLINE_TARGET_MS
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchApp()
  process.exit(ok ? 0 : 1)
}
