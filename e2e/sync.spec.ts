// Sync you can trust, under the faults a phone on a bad connection meets: a user switch while
// queued votes are being sent, a session that dies with writes queued, lie-fi (connected, no
// answer), an expired token offline, notifications offline, a held send lock, refused queued
// comments, toggling offline, fresher counts, a retry timer whose tab closed, a big saved copy,
// sign-out clearing private copies, and drafts of the product form. Behaviour does not depend on
// the screen, so these run once (desktop project).
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test"
import {
  adminApi,
  clientFor,
  controlledBySw,
  createUser,
  expectToast,
  fanOnProduct,
  fillProductForm,
  productOf,
  signInViaPage,
  PASSWORD,
} from "./support"

const desktopOnly = (info: TestInfo) => test.skip(info.project.name !== "desktop", "screen-independent: run once")

const rowsOf = async (collection: string, filter: string) =>
  (await (await adminApi()).collection(collection).getFullList({ filter })).length

const VOTE_URL = /\/api\/vitrine\/products\/[^/]+\/vote$/

/** Client-side navigation (no reload), as a link inside the app would do. */
async function gotoInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, "", p)
    window.dispatchEvent(new PopStateEvent("popstate"))
  }, path)
}

async function signInViaDialog(page: Page, email: string, password: string) {
  const dialog = page.getByRole("dialog", { name: "Entrar" })
  if (!(await dialog.isVisible())) await page.getByRole("banner").getByRole("button", { name: "Entrar" }).click()
  await dialog.getByLabel("Email").fill(email)
  await dialog.getByLabel("Senha", { exact: true }).fill(password)
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click()
  await expectToast(page, "Login realizado com sucesso!")
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menu da conta" }).click()
  await page.getByRole("menuitem", { name: "Sair" }).click()
  await expect(page.getByRole("banner").getByRole("button", { name: "Entrar" })).toBeVisible()
}

/** Rows of one IndexedDB store of the app, read straight from the browser. */
function idbRows<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open("vitrine")
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const req = db.transaction(name, "readonly").objectStore(name).getAll()
          req.onsuccess = () => {
            resolve(req.result as T[])
            db.close()
          }
          req.onerror = () => reject(req.error)
        }
      }),
    store,
  )
}

/** True while some tab holds the outbox's send lock. */
const flushing = (page: Page) =>
  page.evaluate(async () => ((await navigator.locks.query()).held ?? []).some((l) => l.name === "vitrine-outbox-flush"))

/** Vote requests that got an answer, by status. */
function voteAnswers(context: BrowserContext) {
  const seen: number[] = []
  context.on("requestfinished", async (r) => {
    if (!VOTE_URL.test(r.url()) || r.method() === "OPTIONS") return
    seen.push((await r.response())?.status() ?? 0)
  })
  return seen
}

async function openProduct(page: Page, slug: string, title: string) {
  await gotoInApp(page, `/products/${slug}`)
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible()
}

test("a queued vote goes out only as its author: a user switch mid-send leaves the rest for her", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  test.slow()
  const owner = await createUser(info, "Dona Corrida")
  const ana = await createUser(info, "Ana Corrida")
  const bia = await createUser(info, "Bia Corrida")
  const products = [
    await productOf(info, owner.id, "corrida"),
    await productOf(info, owner.id, "corrida"),
    await productOf(info, owner.id, "corrida"),
  ]
  await signInViaPage(page, ana.email, ana.password, "/home")
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible()
  await controlledBySw(page)
  for (const p of products) await openProduct(page, p.slug, p.title)

  await context.setOffline(true)
  for (const p of products) {
    await openProduct(page, p.slug, p.title)
    await page.getByRole("button", { name: `Votar em ${p.title} (0 votos)` }).click()
    await expect(page.getByRole("button", { name: `Remover voto de ${p.title} (1 voto), pendente` })).toBeVisible()
  }
  await expect(page.getByTestId("outbox-status")).toHaveText("3 ações aguardando envio")

  // back online, the first send hangs on the wire until another user has signed in on this tab
  let release = () => {}
  const gate = new Promise<void>((r) => (release = r))
  const sent: string[] = []
  await context.route(VOTE_URL, async (route) => {
    sent.push(route.request().url())
    if (sent.length === 1) await gate
    await route.continue()
  })
  await context.setOffline(false)
  await expect.poll(() => sent.length).toBe(1)
  await signOut(page)
  await signInViaDialog(page, bia.email, bia.password)
  release()
  await expect.poll(async () => (await flushing(page)) || (await rowsOf("votes", `user = "${ana.id}"`)) < 1).toBe(false)

  expect(sent).toHaveLength(1) // the rest waited: never sent with Bia's session
  expect(await rowsOf("votes", `user = "${bia.id}"`)).toBe(0)
  expect(await rowsOf("votes", `user = "${ana.id}"`)).toBe(1)
  await gotoInApp(page, "/home")
  await expect(page.getByTestId("outbox-status")).toHaveCount(0) // Ana's waiting votes are hidden from Bia

  // Ana signs in again: her two waiting votes arrive, as hers
  await signOut(page)
  await signInViaDialog(page, ana.email, ana.password)
  await gotoInApp(page, "/home")
  await expect.poll(() => rowsOf("votes", `user = "${ana.id}"`)).toBe(3)
  expect(await rowsOf("votes", `user = "${bia.id}"`)).toBe(0)
})

test("a session that dies with writes queued asks to sign in once (no loop), then sends them", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  const owner = await createUser(info, "Dono Sessão")
  const ana = await createUser(info, "Ana Sessão")
  const product = await productOf(info, owner.id, "sessao")
  await signInViaPage(page, ana.email, ana.password, `/products/${product.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  await controlledBySw(page)

  await context.setOffline(true)
  await page.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expect(page.getByTestId("outbox-status")).toHaveText("1 ação aguardando envio")
  // meanwhile the password changes on another device: every session of hers dies
  const newPassword = "senha-nova-456"
  await (
    await adminApi()
  )
    .collection("users")
    .update(ana.id, { password: newPassword, passwordConfirm: newPassword, oldPassword: PASSWORD })
  const answers = voteAnswers(context)

  await context.setOffline(false)
  const notice = page.getByTestId("session-expired")
  await expect(notice).toHaveText(/Sua sessão expirou\. Entre novamente para enviar 1 ação pendente\./)
  // a loop shows within seconds (82 refused requests in 20 s before the fix): watch for a while
  await page.waitForTimeout(3000)
  expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(1)
  expect(await rowsOf("votes", `user = "${ana.id}"`)).toBe(0)

  await notice.getByRole("button", { name: "Entrar" }).click()
  await signInViaDialog(page, ana.email, newPassword)
  await gotoInApp(page, "/home")
  await expect.poll(() => rowsOf("votes", `user = "${ana.id}" && product = "${product.id}"`)).toBe(1)
  await expect(page.getByTestId("session-expired")).toHaveCount(0)
})

test("lie-fi: with the server silent, saved pages show within seconds, never stuck on the session check", async ({
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

  // connected, but the API never answers
  await context.route(/\/api\/(?!files\/)/, () => undefined)
  const started = Date.now()
  await page.reload()
  await expect(page.getByText(/Você está offline/)).toBeVisible({ timeout: 8000 })
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  expect(Date.now() - started).toBeLessThan(8000)

  await page.goto(`/products/${product.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible({ timeout: 8000 })
  await expect(page.getByText(/Você está offline/)).toBeVisible()
  await expect(page.getByText("Verificando autenticação...")).toHaveCount(0)
})

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

test("online, a vote made while another tab holds the send says it waits, never 'Sem conexão'", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  const { fan, product } = await fanOnProduct(page, info, { owner: "Dono Fila", fan: "Fã Fila", label: "fila" })

  const other = await context.newPage()
  await other.goto("/home")
  await other.evaluate(() => {
    void navigator.locks.request(
      "vitrine-outbox-flush",
      () => new Promise<void>((r) => ((window as unknown as { release: () => void }).release = r)),
    )
  })
  await expect.poll(() => flushing(page)).toBe(true)
  await page.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expectToast(page, "Voto na fila")
  await expect(page.getByText("Sem conexão")).toHaveCount(0)
  await other.evaluate(() => (window as unknown as { release: () => void }).release())
  await page.evaluate(() => window.dispatchEvent(new Event("online")))
  await expect.poll(() => rowsOf("votes", `user = "${fan.id}"`)).toBe(1)
})

test("a queued comment refused later says why in Portuguese, and stays in the pending list until discarded", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  const { fan, product } = await fanOnProduct(page, info, { owner: "Dona Recusa", fan: "Fã Recusa", label: "recusa" })
  await controlledBySw(page)

  await context.setOffline(true)
  const text = "Um comentário escrito no metrô, sem sinal."
  await page.getByPlaceholder("Compartilhe sua opinião sobre este produto...").fill(text)
  await page.getByRole("button", { name: "Comentar" }).click()
  await expect(page.getByTestId("comment-pending")).toHaveText("pendente")
  // meanwhile the product is taken down by the staff
  await (await adminApi()).collection("products").update(product.id, { status: "rejected" })

  await context.setOffline(false)
  const reason = "Este produto não está publicado e não aceita comentários"
  await expect(page.getByText(reason).first()).toBeVisible()
  await expect(page.getByText("Failed to create record")).toHaveCount(0)
  await page.getByTestId("outbox-status").click()
  const item = page.getByTestId("pending-item")
  await expect(item).toContainText(`Comentário em ${product.title}`)
  await expect(item).toContainText(reason)

  // the product is deleted altogether: the item can still be seen and discarded
  await (await adminApi()).collection("products").delete(product.id)
  await gotoInApp(page, "/home")
  await expect(page.getByTestId("pending-list")).toBeVisible() // still open from before
  await page.getByTestId("pending-item").getByRole("button", { name: "Descartar" }).click()
  await expect(page.getByTestId("outbox-status")).toHaveCount(0)
  expect(await rowsOf("comments", `user = "${fan.id}"`)).toBe(0)
})

test("five taps on a vote offline send one request; a tap on a pending vote says what happened", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  const { fan, product } = await fanOnProduct(page, info, { owner: "Dono Toques", fan: "Fã Toques", label: "toques" })
  await controlledBySw(page)
  const answers = voteAnswers(context)

  await context.setOffline(true)
  const button = page.getByRole("button", { name: new RegExp(`^(Votar em|Remover voto de) ${product.title} `) })
  await button.click()
  await expectToast(page, "Sem conexão")
  await button.click()
  await expectToast(page, "Voto pendente cancelado")
  // three more taps, each once the previous one is recorded (a tap while it is still being written
  // is answered 'Aguarde', by design)
  for (let i = 0; i < 3; i++) {
    const before = await button.getAttribute("aria-pressed")
    await button.click()
    await expect(button).not.toHaveAttribute("aria-pressed", before ?? "")
  }
  await expect(page.getByRole("button", { name: `Remover voto de ${product.title} (1 voto), pendente` })).toBeVisible()
  expect((await idbRows(page, "outbox")).length).toBe(1)

  await context.setOffline(false)
  await expect.poll(() => rowsOf("votes", `user = "${fan.id}"`)).toBe(1)
  await expect(page.getByTestId("outbox-status")).toHaveCount(0)
  expect(answers).toEqual([200])
})

test("the vote count shown is the newest the server gave, not the one from the user's own vote", async ({
  page,
}, info) => {
  desktopOnly(info)
  const owner = await createUser(info, "Dona Contagem")
  const fan = await createUser(info, "Fã Contagem")
  const other = await createUser(info, "Outro Contagem")
  const product = await productOf(info, owner.id, "contagem")
  await signInViaPage(page, fan.email, fan.password, `/products/${product.slug}`)
  await page.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expectToast(page, "Voto registrado! 🎉")
  await (await clientFor(other.email)).send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })

  // /home reads the listing afresh: 2 votes, and the button must say so
  await gotoInApp(page, `/home?search=${encodeURIComponent(product.title)}`)
  await expect(page.getByRole("button", { name: `Remover voto de ${product.title} (2 votos)` })).toBeVisible()
})

test("the retry timer survives closing the tab that armed it: another open tab sends", async ({
  page,
  context,
}, info) => {
  desktopOnly(info)
  const { fan, product } = await fanOnProduct(page, info, { owner: "Dona Timer", fan: "Fã Timer", label: "timer" })
  const second = await context.newPage()
  await second.goto("/home")
  await expect(second.getByTestId("product-grid")).toBeVisible()

  let refused = 0
  await context.route(VOTE_URL, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
    return route.continue()
  })
  await page.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expectToast(page, "Voto na fila")
  await page.close() // the tab that armed the retry is gone
  await expect.poll(() => rowsOf("votes", `user = "${fan.id}"`), { timeout: 15_000 }).toBe(1)
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
