// Shared e2e helpers: a superuser API client for the run's PocketBase, fresh users per test (the
// two projects share one seeded backend, so mutating tests never reuse a demo account), sign-in
// through the UI, and the mails PocketBase sent to the run's SMTP sink.
import { readFile } from "node:fs/promises"
import path from "node:path"
import { expect, type Page, type TestInfo } from "@playwright/test"
import PocketBase from "pocketbase"
import { waitForMail, type WaitForMailOptions } from "../scripts/lib/smtp-sink.mjs"

export const PASSWORD = "senha-e2e-123"

export async function adminApi() {
  const pb = new PocketBase(process.env.E2E_BASE_URL)
  pb.autoCancellation(false)
  await pb
    .collection("_superusers")
    .authWithPassword(process.env.E2E_SUPERUSER_EMAIL!, process.env.E2E_SUPERUSER_PASSWORD!)
  return pb
}

/** A unique e-mail for this test and project. */
export function uniqueEmail(testInfo: TestInfo, label: string) {
  const rand = Math.random().toString(36).slice(2, 8)
  return `${label}-${testInfo.project.name}-${rand}@e2e.vitrine.test`.toLowerCase()
}

/** Creates a verified user straight in the backend. */
export async function createUser(testInfo: TestInfo, name: string, opts: { verified?: boolean } = {}) {
  const email = uniqueEmail(
    testInfo,
    name
      .split(" ")[0]!
      .normalize("NFD")
      .replace(/[^a-zA-Z]/g, ""),
  )
  const pb = await adminApi()
  const rec = await pb.collection("users").create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    display_name: name,
    verified: opts.verified ?? true,
  })
  return { id: rec.id as string, email, username: rec.username as string, password: PASSWORD }
}

export async function signInViaPage(page: Page, email: string, password: string, returnUrl?: string) {
  await page.goto(returnUrl ? `/auth/login?returnUrl=${encodeURIComponent(returnUrl)}` : "/auth/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Senha", { exact: true }).fill(password)
  await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click()
  // the answer is in (stored session, or the refusal shown): a reload or goto right after this
  // (controlledBySw does one) can no longer abort the sign-in on a slow machine
  await expect(
    page
      .getByText("Login realizado com sucesso!")
      .or(page.getByText("Email ou senha incorretos"))
      .or(page.getByRole("alert"))
      .first(),
  ).toBeVisible()
}

/** A new maker's product with one comment by a new fan, made straight in the backend. */
export async function commentedProduct(
  testInfo: TestInfo,
  who: { owner: string; fan: string; label: string },
  content: string,
) {
  const owner = await createUser(testInfo, who.owner)
  const fan = await createUser(testInfo, who.fan)
  const product = await productOf(testInfo, owner.id, who.label)
  const comment = await (
    await clientFor(fan.email)
  )
    .collection("comments")
    .create({ product: product.id, user: fan.id, content })
  return { owner, fan, product, comment }
}

/** A new maker's product, and a new fan signed in on its page (the heading shown). */
export async function fanOnProduct(page: Page, testInfo: TestInfo, who: { owner: string; fan: string; label: string }) {
  const owner = await createUser(testInfo, who.owner)
  const fan = await createUser(testInfo, who.fan)
  const product = await productOf(testInfo, owner.id, who.label)
  await signInViaPage(page, fan.email, fan.password, `/products/${product.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  return { owner, fan, product }
}

/** Fills the product form (/submit): title, description, site, one new tag and the images. */
export async function fillProductForm(
  page: Page,
  p: { title: string; description: string; url: string; tag: string; images: string | string[] },
) {
  await page.getByLabel("Título").fill(p.title)
  await page.getByLabel("Descrição").fill(p.description)
  await page.getByLabel("URL").fill(p.url)
  const tags = page.getByRole("combobox", { name: "Tags" })
  await tags.fill(p.tag)
  await tags.press("Enter")
  await page.getByLabel("Imagens do produto").setInputFiles(p.images)
}

export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
}

export function mail(opts: WaitForMailOptions) {
  return waitForMail(process.env.E2E_MAIL_DIR!, opts)
}

/** The path (and query) of a link, to open it on the test's own base URL. */
export function pathOf(link: string) {
  const u = new URL(link)
  return u.pathname + u.search
}

/** A PocketBase client signed in as the given user (to act as a second person). */
export async function clientFor(email: string) {
  const pb = new PocketBase(process.env.E2E_BASE_URL)
  pb.autoCancellation(false)
  await pb.collection("users").authWithPassword(email, PASSWORD)
  return pb
}

/** An approved product of `ownerId`, with one image, made straight in the backend. */
export async function productOf(testInfo: TestInfo, ownerId: string, label = "produto") {
  const pb = await adminApi()
  const slug = `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
  const png = await readFile(path.join(import.meta.dirname, "../public/icons/icon-192.png"))
  return pb.collection("products").create({
    slug,
    title: `Produto ${slug}`,
    description: "Um produto criado pelos testes de ponta a ponta para exercitar a Vitrine.",
    url: "https://exemplo.com.br",
    status: "approved",
    published_at: new Date().toISOString(),
    created_by: ownerId,
    images: [new File([new Uint8Array(png)], "capa.png", { type: "image/png" })],
  })
}

/** Waits until the service worker controls the page (so the app shell is served offline). */
export async function controlledBySw(page: Page) {
  // bounded, so that a page whose worker never registers fails here, saying so
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error("no active service worker after 30 s")), 30_000)),
    ]),
  )
  await expect
    .poll(async () => {
      if (await page.evaluate(() => !!navigator.serviceWorker.controller)) return true
      await page.reload()
      return page.evaluate(() => !!navigator.serviceWorker.controller)
    })
    .toBe(true)
}
