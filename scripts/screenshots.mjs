// `npm run screenshots`: a tour of the main screens at phone (390x844) and desktop (1280x800) widths,
// taken from the built app (dist/) on a throw-away PocketBase with the demo data, into
// ./screenshots (ignored by git). Look at them before calling a screen done.
import { mkdir, rm } from "node:fs/promises"
import path from "node:path"
import { chromium } from "@playwright/test"
import PocketBase from "pocketbase"
import { findChromium } from "./ensure-browser.mjs"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"
import { DEMO_LOGINS, seed } from "./seed.mjs"

const OUT = path.join(ROOT, "screenshots")
const superuser = { email: "root@screenshots.test", password: "screenshots-superuser-123" }
const VIEWPORTS = [
  ["phone", { width: 390, height: 844 }, { isMobile: true, hasTouch: true }],
  ["desktop", { width: 1280, height: 800 }, {}],
]
const admin = DEMO_LOGINS.find((l) => l.role === "admin")

await rm(OUT, { recursive: true, force: true })
await mkdir(OUT, { recursive: true })
const server = await startPocketBase({ superuser, publicDir: path.join(ROOT, "dist"), env: { RATE_LIMITS: "off" } })
const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--disable-quic"],
})
let taken = 0
try {
  await seed({ url: server.url, superuser, log: () => {} })
  const su = new PocketBase(server.url)
  await su.collection("_superusers").authWithPassword(superuser.email, superuser.password)
  const product = (
    await su.collection("products").getList(1, 1, { filter: "status = 'approved'", sort: "-vote_count" })
  ).items[0]

  for (const [name, viewport, extra] of VIEWPORTS) {
    const context = await browser.newContext({ viewport, baseURL: server.url, locale: "pt-BR", ...extra })
    const page = await context.newPage()
    const shot = async (label, opts = {}) => {
      await page.waitForLoadState("networkidle").catch(() => {})
      await page.screenshot({ path: path.join(OUT, `${label}-${name}.png`), ...opts })
      taken++
    }
    await page.goto("/")
    await shot("01-landing")
    await page.goto("/home")
    await page.getByTestId("product-grid").waitFor()
    await shot("02-home")
    await page.getByRole("button", { name: "Entrar" }).first().click()
    await page.getByRole("dialog").waitFor()
    await shot("03-login")
    const dialog = page.getByRole("dialog")
    await dialog.getByLabel("Email").fill(admin.email)
    await dialog.getByLabel("Senha", { exact: true }).fill(admin.password)
    await dialog.getByRole("button", { name: "Entrar", exact: true }).click()
    await dialog.waitFor({ state: "hidden" })
    await page.goto(`/products/${product.slug}`)
    await page.getByRole("heading", { level: 1 }).waitFor()
    await shot("04-product")
    await shot("05-product-full", { fullPage: true })
    await page.goto(`/home?${new URLSearchParams({ search: product.title.split(" ")[0] })}`)
    await page.getByTestId("product-grid").waitFor()
    await shot("06-search")
    await page.goto("/submit")
    await page.getByRole("heading", { name: "Enviar Produto" }).waitFor()
    await shot("07-submit")
    await page.goto("/profile")
    await page.getByRole("heading", { name: "Meus Produtos" }).waitFor()
    await shot("08-profile")
    await page.goto("/notifications")
    await page.getByRole("heading", { name: "Suas Notificações" }).waitFor()
    await shot("09-notifications")
    await page.goto("/ranking")
    await page.getByRole("heading", { level: 1 }).waitFor()
    await shot("10-ranking")
    await page.goto("/admin")
    await page.getByRole("heading", { level: 1 }).waitFor()
    await shot("11-admin")
    await page.goto("/admin/products")
    await page.getByRole("heading", { level: 1 }).waitFor()
    await shot("12-admin-products")
    await page
      .getByRole("button", { name: /^Rejeitar / })
      .first()
      .click()
    await page.getByRole("dialog", { name: "Rejeitar produto" }).waitFor()
    await shot("13-admin-reject")
    await context.close()
  }
  console.log(`${taken} capturas em ${path.relative(process.cwd(), OUT) || OUT}/`)
} finally {
  await browser.close()
  await server.stop()
}
