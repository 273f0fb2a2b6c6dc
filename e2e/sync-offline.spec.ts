// Reading and keeping things on a phone with a bad connection: lie-fi (connected, no answer), an
// expired token offline, notifications offline, a big saved copy, sign-out clearing private copies,
// and drafts of the product form. The outbox's sending is in sync.spec.ts. Behaviour does not depend
// on the screen, so these run once (desktop project).
import { expect, test, type Page, type Request } from "@playwright/test"
import { desktopOnly, gotoInApp, signOut, idbRows, openProduct } from "./sync-support"
import {
  adminApi,
  clientFor,
  controlledBySw,
  createUser,
  fanOnProduct,
  fillProductForm,
  productOf,
  signInViaPage,
  PASSWORD,
} from "./support"

test("lie-fi: with the server silent, saved pages show while their reads still wait, never stuck on the session check", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  const owner = await createUser(info, "Dona Liefi")
  const fan = await createUser(info, "Fã Liefi")
  const product = await productOf(info, owner.id, "liefi")
  await signInViaPage(page, fan.email, fan.password, "/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  await controlledBySw(page)
  await openProduct(page, product.slug, product.title)
  await gotoInApp(page, "/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()

  // connected, but the API never answers. A saved copy waits COPY_WAIT_MS (4 s) for the server; a
  // page that waited for its read instead would show only when the page gives the read up
  // (REQUEST_TIMEOUT_MS, 20 s; the route holds it until then). So the saved page must show while
  // its reads are still unanswered: a clock bound raced a loaded CI machine (16 s there). The
  // session refresh runs in the background with its own 8 s limit, which a loaded machine reaches
  // before the page shows; what must never show is a page waiting for it ('Verificando
  // autenticação...').
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes("Verificando autenticação")) localStorage.setItem("e2e:auth-wait", "1")
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await context.route(/\/api\/(?!files\/)/, () => undefined)
  let gaveUp = await readsGivenUpAfter(page, () => page.reload())
  await expect(page.getByText(/Você está offline/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  expect(gaveUp(), "the saved page waited for its read to time out").toEqual([])

  gaveUp = await readsGivenUpAfter(page, () => page.goto(`/products/${product.slug}`))
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/Você está offline/)).toBeVisible()
  expect(gaveUp(), "the saved product waited for its read to time out").toEqual([])
  expect(await page.evaluate(() => localStorage.getItem("e2e:auth-wait"))).toBeNull()
})

/**
 * Navigates, then records the API reads of the new page that fail. Left out: the session refresh
 * and realtime, which run in the background with limits of their own (8 s, 15 s to connect).
 * With the API held by a route that never answers, a read only fails when the page gives it up
 * (REQUEST_TIMEOUT_MS). Listening starts once the navigation has loaded: the old page's
 * requests, cancelled by it, are not counted.
 */
async function readsGivenUpAfter(page: Page, navigate: () => Promise<unknown>) {
  await navigate()
  const failed: string[] = []
  const onFailed = (r: Request) => {
    if (/\/api\/(?!files\/|realtime|collections\/users\/auth-refresh)/.test(r.url()))
      failed.push(`${r.url()} ${r.failure()?.errorText}`)
  }
  page.on("requestfailed", onFailed)
  return () => {
    page.off("requestfailed", onFailed)
    return failed
  }
}

test("an expired token offline keeps saved pages and the pending list readable; online it asks to sign in", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  const { product } = await fanOnProduct(page, info, { owner: "Dono Expirado", fan: "Fã Expirado", label: "expirado" })
  await controlledBySw(page)
  await context.setOffline(true)
  await page.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expect(page.getByTestId("outbox-status")).toHaveText("1 ação aguardando envio")

  // days later: the stored token has expired
  await page.evaluate(() => {
    const key = "pocketbase_auth"
    const stored = JSON.parse(localStorage.getItem(key)!)
    const [head, body, sig] = stored.token.split(".")
    const claims = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")))
    claims.exp = Math.floor(Date.now() / 1000) - 3600
    const encoded = btoa(JSON.stringify(claims)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
    stored.token = [head, encoded, sig].join(".")
    localStorage.setItem(key, JSON.stringify(stored))
  })
  await page.reload()
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  await page.getByTestId("outbox-status").click()
  await expect(page.getByTestId("pending-item")).toContainText(`Voto em ${product.title}`)

  await context.setOffline(false)
  await expect(page.getByTestId("session-expired")).toHaveText(
    /Sua sessão expirou\. Entre novamente para enviar 1 ação pendente\./,
  )
})

test("/notifications offline shows the saved list and the bell keeps its badge", async ({ page, context }, info) => {
  desktopOnly(info)
  const owner = await createUser(info, "Dona Avisos")
  const fan = await createUser(info, "Fã Avisos")
  const product = await productOf(info, owner.id, "avisos")
  await (await clientFor(fan.email)).send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })
  await signInViaPage(page, owner.email, owner.password, "/notifications")
  const row = page.getByText(`Fã Avisos votou em ${product.title}`)
  await expect(row).toBeVisible()
  await expect(page.getByTestId("bell-badge")).toHaveText("1")
  await controlledBySw(page)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/Você está offline/)).toBeVisible()
  await expect(row).toBeVisible()
  await expect(page.getByText("Nenhuma notificação ainda")).toHaveCount(0)
  await expect(page.getByTestId("bell-badge")).toHaveText("1")
})

test("after /home and 100 product pages, /home and the last 80 products open offline", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  test.setTimeout(300_000)
  const owner = await createUser(info, "Dona Cem")
  const fan = await createUser(info, "Fã Cem")
  const admin = await adminApi()
  const first = await productOf(info, owner.id, "cem")
  // 99 more of the same shape (sharing the first one's picture name is fine for this)
  const products = [first]
  for (let i = 0; i < 99; i += 11) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(11, 99 - i) }, () => productOf(info, owner.id, "cem")),
    )
    products.push(...batch)
  }
  expect(products).toHaveLength(100)
  void admin
  await signInViaPage(page, fan.email, fan.password, "/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  await controlledBySw(page)
  for (const p of products) await openProduct(page, p.slug, p.title)

  await context.setOffline(true)
  await page.goto("/home")
  await expect(page.getByText(/Você está offline/)).toBeVisible()
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  for (const p of products.slice(-80)) await openProduct(page, p.slug, p.title)
})

test("signing out, chosen or forced, removes the user's private saved copies; public ones stay", async ({
  page,
}, info) => {
  desktopOnly(info)
  const maker = await createUser(info, "Dona Privada")
  const pending = await (await adminApi()).collection("products").update((await productOf(info, maker.id, "priv")).id, {
    status: "pending",
  })
  await signInViaPage(page, maker.email, maker.password, `/products/${pending.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: pending.title })).toBeVisible()
  await gotoInApp(page, "/notifications")
  await expect(page.getByRole("heading", { name: "Suas Notificações" })).toBeVisible()
  await gotoInApp(page, "/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  const owned = async () =>
    (await idbRows<{ owner: string }>(page, "listings")).filter((c) => c.owner === maker.id).length
  await expect.poll(owned).toBeGreaterThanOrEqual(2)

  await signOut(page)
  await expect.poll(owned).toBe(0)
  expect((await idbRows(page, "listings")).length).toBeGreaterThan(0) // /home's copy stays

  // forced: signed in again, then the password changes elsewhere and the app starts online
  await signInViaPage(page, maker.email, maker.password, `/products/${pending.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: pending.title })).toBeVisible()
  await expect.poll(owned).toBeGreaterThanOrEqual(1)
  const newPassword = "senha-trocada-789"
  await (
    await adminApi()
  )
    .collection("users")
    .update(maker.id, { password: newPassword, passwordConfirm: newPassword, oldPassword: PASSWORD })
  await page.goto("/home")
  await expect(page.getByRole("banner").getByRole("button", { name: "Entrar" })).toBeVisible()
  await expect.poll(owned).toBe(0)
})

test("the product form keeps a draft: restored after a reload, discarded on request, asked before leaving", async ({
  page,
}, info) => {
  desktopOnly(info)
  const maker = await createUser(info, "Dona Rascunho")
  await signInViaPage(page, maker.email, maker.password, "/submit")
  await expect(page.getByRole("heading", { name: "Enviar Produto" })).toBeVisible()
  const title = `Rascunho ${Date.now().toString(36)}`
  const draft = {
    title,
    description: "Uma descrição que o maker escreveu no ônibus e não quer perder de jeito nenhum.",
    url: "https://rascunho.exemplo.com",
    tag: "rascunho",
    images: "public/icons/icon-192.png",
  }
  await fillProductForm(page, draft)
  await expect(page.getByRole("img", { name: "Imagem 1" })).toBeVisible()
  await expect
    .poll(async () => (await idbRows<{ values: { title: string } }>(page, "drafts")).map((d) => d.values.title))
    .toEqual([title])
  await expect.poll(async () => (await idbRows<{ images: unknown[] }>(page, "drafts"))[0]?.images.length).toBe(1)

  await page.reload()
  await expect(page.getByText("Rascunho restaurado")).toBeVisible()
  await expect(page.getByLabel("Título")).toHaveValue(title)
  await expect(page.getByLabel("URL")).toHaveValue("https://rascunho.exemplo.com")
  await expect(page.getByRole("list", { name: "Tags escolhidas" })).toHaveText(/#rascunho/)
  await expect(page.getByRole("img", { name: "Imagem 1" })).toBeVisible()

  await page.getByRole("button", { name: "Descartar rascunho" }).click()
  await expect(page.getByLabel("Título")).toHaveValue("")
  await expect.poll(async () => (await idbRows(page, "drafts")).length).toBe(0)

  // leaving a dirty form asks first
  await page.getByLabel("Título").fill(title)
  await page.getByRole("link", { name: "Vitrine — início" }).click()
  const ask = page.getByRole("dialog", { name: "Descartar alterações?" })
  await expect(ask).toBeVisible()
  await ask.getByRole("button", { name: "Cancelar" }).click()
  await expect(page).toHaveURL(/\/submit$/)
  await expect(page.getByLabel("Título")).toHaveValue(title)

  // sent: the draft goes
  await fillProductForm(page, draft)
  await page.getByRole("main").getByRole("button", { name: "Enviar Produto" }).click()
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible()
  await expect.poll(async () => (await idbRows(page, "drafts")).length).toBe(0)
})
