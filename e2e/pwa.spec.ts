// The installable app and its updates: Chromium finds nothing missing for installation (in a
// persistent profile: incognito contexts always report `in-incognito`), and a new deployment
// shows 'Nova versão disponível' whose 'Atualizar' loads it.
import { cp, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { chromium, expect, test, type Page } from "@playwright/test"
import PocketBase from "pocketbase"
import { startPocketBase } from "../scripts/lib/pb-server.mjs"
import { controlledBySw, expectToast } from "./support"

const dist = () => (process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : path.resolve("dist"))

test.skip(({ browserName }) => browserName !== "chromium", "installability is Chromium's report")
// a hang names its step: every action and navigation gives up long before the test does
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 })

/** Where a tab's service workers stand, for a failure's message. */
async function workersOf(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration()
      const state = (w: ServiceWorker | null | undefined) => w?.state ?? "none"
      const prompt = [...document.querySelectorAll('[role="alert"]')].some((el) =>
        el.textContent?.includes("Nova versão disponível"),
      )
      const workers = [
        `controller ${state(navigator.serviceWorker.controller)}`,
        `installing ${state(r?.installing)}`,
        `waiting ${state(r?.waiting)}`,
        `active ${state(r?.active)}`,
      ]
      return `${workers.join(", ")}, prompt ${prompt ? "shown" : "not shown"}`
    })
    .catch((err: Error) => `unreadable (${err.message})`)
}

/** Does `act` and waits until every tab has reloaded; a tab that does not says where it stands. */
async function expectReloads(tabs: Record<string, Page>, act: () => Promise<void>) {
  const loads = Promise.allSettled(Object.values(tabs).map((tab) => tab.waitForEvent("load", { timeout: 60_000 })))
  await act()
  const results = await loads
  const stuck = Object.keys(tabs).filter((_, i) => results[i]!.status === "rejected")
  if (stuck.length === 0) return
  const states = await Promise.all(stuck.map(async (name) => `${name}: ${await workersOf(tabs[name]!)}`))
  throw new Error(`no reload within 60 s in ${stuck.join(", ")}\n${states.join("\n")}`)
}

/**
 * A changed service worker, as a rebuild produces, found by the page's registration. The file is
 * replaced in one step (written beside it, then renamed): the browser checks for updates on its
 * own too (after navigations), and must never read it half written.
 */
async function deployNewVersion(publicDir: string, page: Page) {
  const sw = path.join(publicDir, "sw.js")
  const next = `${sw}.${process.pid}.next`
  await writeFile(next, `${await readFile(sw, "utf8")}\n// nova versão ${Date.now()}\n`)
  await rename(next, sw)
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
}

test("Chromium reports no installability errors; the manifest has what install dialogs use", async ({
  baseURL,
}, info) => {
  test.skip(info.project.name !== "desktop", "one browser profile is enough")
  const profile = await mkdtemp(path.join(tmpdir(), "vitrine-profile-"))
  const launch = info.project.use.launchOptions ?? {}
  const ctx = await chromium.launchPersistentContext(profile, { ...launch, headless: true, baseURL })
  try {
    const page = await ctx.newPage()
    await page.goto("/home")
    await controlledBySw(page)
    const cdp = await ctx.newCDPSession(page)
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors")
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([])
    const { errors, url } = await cdp.send("Page.getAppManifest")
    expect(errors).toEqual([])
    const manifest = await (await page.request.get(url)).json()
    expect(manifest).toMatchObject({
      id: "/",
      start_url: "/home",
      scope: "/",
      display: "standalone",
      short_name: "Vitrine",
    })
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ])
    expect(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor)).toEqual(["narrow", "wide"])
    for (const s of manifest.screenshots) expect((await page.request.get(s.src)).status()).toBe(200)
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")
    expect((await page.request.get(touch!)).status()).toBe(200)
  } finally {
    await ctx.close().catch(() => undefined)
    await rm(profile, { recursive: true, force: true })
  }
})

test("a new deployment shows 'Nova versão disponível'; 'Atualizar' loads it", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "the update flow does not depend on the screen")
  test.slow()
  // a deployment of our own (its files change under it), apart from the run's shared server
  const publicDir = await mkdtemp(path.join(tmpdir(), "vitrine-deploy-"))
  await cp(dist(), publicDir, { recursive: true })
  const server = await startPocketBase({ publicDir })
  const ctx = await browser.newContext({ baseURL: server.url })
  try {
    const page = await ctx.newPage()
    await page.goto("/home")
    await controlledBySw(page)
    await expect(page.getByText("Nova versão disponível")).toHaveCount(0)

    await deployNewVersion(publicDir, page)
    const prompt = page.getByRole("alert").filter({ hasText: "Nova versão disponível" })
    await expect(prompt).toBeVisible()

    await expectReloads({ page }, () => prompt.getByRole("button", { name: "Atualizar" }).click())
    await expect(page.getByText("Nova versão disponível")).toHaveCount(0)
    const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)
    expect(waiting).toBe(false)
  } finally {
    // a failure closing the context must not replace the test's own error
    await ctx.close().catch(() => undefined)
    await server.stop()
    await rm(publicDir, { recursive: true, force: true })
  }
})

test("'Atualizar' in one tab never reloads another tab over unsaved input", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "the update flow does not depend on the screen")
  test.slow()
  const publicDir = await mkdtemp(path.join(tmpdir(), "vitrine-deploy-"))
  await cp(dist(), publicDir, { recursive: true })
  const superuser = { email: "root@deploy.test", password: "deploy-superuser-123" }
  const server = await startPocketBase({ publicDir, superuser, env: { RATE_LIMITS: "off" } })
  const admin = new PocketBase(server.url)
  await admin.collection("_superusers").authWithPassword(superuser.email, superuser.password)
  const email = "escritora@deploy.test"
  const password = "senha-escritora-123"
  await admin
    .collection("users")
    .create({ email, password, passwordConfirm: password, display_name: "Escritora", verified: true })
  const ctx = await browser.newContext({ baseURL: server.url })
  try {
    const writer = await ctx.newPage()
    await writer.goto("/auth/login?returnUrl=%2Fhome")
    await writer.getByLabel("Email").fill(email)
    await writer.getByLabel("Senha", { exact: true }).fill(password)
    await writer.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click()
    await expect(writer.getByRole("button", { name: "Menu da conta" })).toBeVisible()
    await controlledBySw(writer)
    await writer.goto("/submit")
    await writer.getByLabel("Título").fill("Meu produto pela metade")
    await writer.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    const other = await ctx.newPage()
    await other.goto("/home")
    await expect(other.getByRole("heading", { name: "Descubra produtos amáveis" })).toBeVisible()
    await deployNewVersion(publicDir, other)
    const prompt = other.getByRole("alert").filter({ hasText: "Nova versão disponível" })
    await expect(prompt).toBeVisible()

    await prompt.getByRole("button", { name: "Atualizar" }).click()
    await expectToast(other, "Termine o que está escrevendo")
    await expect(other.getByText(/Outra aba do app tem um formulário com texto não salvo/)).toBeVisible()
    await expect(writer.getByLabel("Título")).toHaveValue("Meu produto pela metade")
    expect(await writer.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect(await other.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true)

    // the writer is done (the field emptied): now every tab may take the new version
    await writer.getByLabel("Título").fill("")
    await expectReloads({ writer, other }, () => prompt.getByRole("button", { name: "Atualizar" }).click())
    expect(await other.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false)
  } finally {
    // a failure closing the context must not replace the test's own error
    await ctx.close().catch(() => undefined)
    await server.stop()
    await rm(publicDir, { recursive: true, force: true })
  }
})
