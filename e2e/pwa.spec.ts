// The installable app and its updates: Chromium finds nothing missing for installation (in a
// persistent profile: incognito contexts always report `in-incognito`), and a new deployment
// shows 'Nova versão disponível' whose 'Atualizar' loads it.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { chromium, expect, test, type Page } from "@playwright/test"
import PocketBase from "pocketbase"
import { startPocketBase } from "../scripts/lib/pb-server.mjs"
import { controlledBySw, expectToast } from "./support"

const dist = () => (process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : path.resolve("dist"))

test.skip(({ browserName }) => browserName !== "chromium", "installability is Chromium's report")

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
    await ctx.close()
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

    // deploy: a changed service worker, as a rebuild produces
    const sw = path.join(publicDir, "sw.js")
    await writeFile(sw, `${await readFile(sw, "utf8")}\n// nova versão ${Date.now()}\n`)
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
    const prompt = page.getByRole("alert").filter({ hasText: "Nova versão disponível" })
    await expect(prompt).toBeVisible()

    const reloaded = page.waitForEvent("load")
    await prompt.getByRole("button", { name: "Atualizar" }).click()
    await reloaded
    await expect(page.getByText("Nova versão disponível")).toHaveCount(0)
    const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)
    expect(waiting).toBe(false)
  } finally {
    await ctx.close()
    await server.stop()
    await rm(publicDir, { recursive: true, force: true })
  }
})

/** A changed service worker, as a rebuild produces, found by the page's registration. */
async function deployNewVersion(publicDir: string, page: Page) {
  const sw = path.join(publicDir, "sw.js")
  await writeFile(sw, `${await readFile(sw, "utf8")}\n// nova versão ${Date.now()}\n`)
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
}

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
    const writerReloaded = writer.waitForEvent("load")
    const otherReloaded = other.waitForEvent("load")
    await prompt.getByRole("button", { name: "Atualizar" }).click()
    await Promise.all([writerReloaded, otherReloaded])
    expect(await other.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false)
  } finally {
    await ctx.close()
    await server.stop()
    await rm(publicDir, { recursive: true, force: true })
  }
})
