// Engagement between two people in two browsers: A votes on and comments B's product, B's bell
// updates live, B opens the notification on the comment, replies, reports and deletes; comment
// text never runs as markup.
import { expect, test, type Browser, type Page } from "@playwright/test"
import { adminApi, commentedProduct, createUser, expectToast, productOf, signInViaPage } from "./support"

async function signedInPage(browser: Browser, email: string, password: string, returnUrl: string) {
  const ctx = await browser.newContext()
  const page = await ctx.newPage()
  await signInViaPage(page, email, password, returnUrl)
  await expect(page).toHaveURL(new RegExp(returnUrl.replace(/[?]/g, "\\$&") + "$"))
  return page
}

const comments = (page: Page) => page.locator("#comentarios")

test("two people vote, discuss, report and delete, live", async ({ browser }, testInfo) => {
  test.slow() // two browsers and a dozen round trips
  const owner = await createUser(testInfo, "Bia Dona")
  const fan = await createUser(testInfo, "Ari Fã")
  const product = await productOf(testInfo, owner.id, "engaja")
  const productPath = `/products/${product.slug}`
  const api = await adminApi()

  const b = await signedInPage(browser, owner.email, owner.password, "/home")
  await expect(b.getByRole("button", { name: /^Notificações/ })).toBeVisible()
  await expect(b.getByTestId("bell-badge")).toBeHidden()

  // A votes (a double click counts once) ...
  const a = await signedInPage(browser, fan.email, fan.password, productPath)
  const vote = a.getByRole("button", { name: `Votar em ${product.title} (0 votos)` })
  await vote.dblclick()
  await expectToast(a, "Voto registrado! 🎉")
  const voted = a.getByRole("button", { name: `Remover voto de ${product.title} (1 voto)` })
  await expect(voted).toHaveAttribute("aria-pressed", "true")
  await expect.poll(async () => (await api.collection("products").getOne(product.id)).vote_count).toBe(1)
  await expect(b.getByTestId("bell-badge")).toHaveText("1")

  // ... and comments: the counter counts, under 10 characters the button stays off
  const box = comments(a).getByPlaceholder("Compartilhe sua opinião sobre este produto...")
  await box.fill("Curto")
  await expect(comments(a).getByText("5/500")).toBeVisible()
  await expect(comments(a).getByRole("button", { name: "Comentar" })).toBeDisabled()
  const text = "Que produto bem pensado! Vocês têm planos para um app de celular?"
  await box.fill(text)
  await expect(comments(a).getByText(`${text.length}/500`)).toBeVisible()
  await comments(a).getByRole("button", { name: "Comentar" }).click()
  await expectToast(a, "Comentário publicado!")
  await expect(comments(a).getByText(text)).toBeVisible()
  await expect(a.getByRole("heading", { name: "Comentários (1)" })).toBeVisible()
  await expect(box).toHaveValue("")

  // B sees it live, opens it from the bell and lands on the comment
  await expect(b.getByTestId("bell-badge")).toHaveText("2")
  await b.getByRole("button", { name: /^Notificações/ }).click()
  await b.getByText(`Ari Fã comentou em ${product.title}`, { exact: false }).click()
  await expect(b).toHaveURL(new RegExp(`${productPath}#comment-[a-z0-9]{15}$`))
  const commentId = new URL(b.url()).hash.slice("#comment-".length)
  const target = b.locator(`#comment-${commentId}`)
  await expect(target.getByText(text)).toBeInViewport()

  // B replies; A is told live
  await target.getByRole("button", { name: "Responder" }).first().click()
  const reply = "Temos sim! A versão para celular sai no próximo mês."
  await target.getByPlaceholder("Escreva uma resposta...").fill(reply)
  await target.getByRole("button", { name: "Responder" }).last().click()
  await expectToast(b, "Comentário publicado!")
  await expect(target.getByRole("list", { name: "Respostas" }).getByText(reply)).toBeVisible()
  await expect(a.getByTestId("bell-badge")).toHaveText("1")

  // B reports A's comment: the reason is required; a second open report is refused
  await target.getByRole("button", { name: "Denunciar comentário de Ari Fã" }).click()
  const dialog = b.getByRole("dialog", { name: "Denunciar" })
  await dialog.getByLabel("Motivo").fill("spam")
  await dialog.getByRole("button", { name: "Enviar denúncia" }).click()
  await expect(dialog.getByText("O motivo deve ter no mínimo 10 caracteres")).toBeVisible()
  await dialog.getByLabel("Motivo").fill("Parece propaganda disfarçada de comentário.")
  await dialog.getByRole("button", { name: "Enviar denúncia" }).click()
  await expectToast(b, "Denúncia enviada!")
  await expect(dialog).toBeHidden()
  const flags = await api.collection("flags").getFullList({ filter: `comment = "${commentId}"` })
  expect(flags.map((f) => [f.status, f.reporter, f.target_type])).toEqual([["open", owner.id, "comment"]])
  await target.getByRole("button", { name: "Denunciar comentário de Ari Fã" }).click()
  await dialog.getByLabel("Motivo").fill("Denunciando de novo o mesmo comentário.")
  await dialog.getByRole("button", { name: "Enviar denúncia" }).click()
  await expectToast(b, "Você já denunciou este conteúdo. Nossa equipe vai analisar")
  await dialog.getByRole("button", { name: "Cancelar" }).click()

  // only the author may delete, after confirming
  await expect(target.getByRole("button", { name: "Deletar" })).toHaveCount(1) // B's reply only
  await target.getByRole("button", { name: "Deletar" }).click()
  const confirm = b.getByRole("dialog", { name: "Deletar comentário?" })
  await expect(
    confirm.getByText("Esta ação não pode ser desfeita. O comentário será removido permanentemente."),
  ).toBeVisible()
  await confirm.getByRole("button", { name: "Deletar" }).click()
  await expectToast(b, "Comentário removido!")
  await expect(target.getByText(reply)).toBeHidden()
  await expect(b.getByRole("heading", { name: "Comentários (1)" })).toBeVisible()
  const stored = await api.collection("comments").getFullList({ filter: `product = "${product.id}"`, sort: "created" })
  expect(stored.map((c) => c.is_deleted)).toEqual([false, true])

  // A takes the vote back
  await voted.click()
  await expectToast(a, "Voto removido")
  await expect(a.getByRole("button", { name: `Votar em ${product.title} (0 votos)` })).toHaveAttribute(
    "aria-pressed",
    "false",
  )
  await expect.poll(async () => (await api.collection("products").getOne(product.id)).vote_count).toBe(0)
  await a.context().close()
  await b.context().close()
})

test("markup in a comment is shown as text and never runs", async ({ page }, testInfo) => {
  const owner = await createUser(testInfo, "Dono Seguro")
  const author = await createUser(testInfo, "Eva Teste")
  const product = await productOf(testInfo, owner.id, "xss")
  const dialogs: string[] = []
  page.on("dialog", (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await signInViaPage(page, author.email, author.password, `/products/${product.slug}`)
  const payloads = [
    `<script>window.__xss = "script"; alert("script")</script> olá`,
    `<img src="x" onerror="window.__xss = 'img'; alert('img')"> tudo bem?`,
  ]
  for (const p of payloads) {
    await comments(page).getByPlaceholder("Compartilhe sua opinião sobre este produto...").fill(p)
    await comments(page).getByRole("button", { name: "Comentar" }).click()
    await expectToast(page, "Comentário publicado!")
    await expect(comments(page).getByTestId("comment").getByText(p, { exact: true })).toBeVisible()
  }
  await page.reload()
  for (const p of payloads)
    await expect(comments(page).getByTestId("comment").getByText(p, { exact: true })).toBeVisible()
  expect(await comments(page).locator("script, img[src='x']").count()).toBe(0)
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined()
  expect(dialogs).toEqual([])
})

test("a link to a comment does not move the page under a user who already began using it", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "screen-independent: run once")
  const { owner, product, comment } = await commentedProduct(
    testInfo,
    { owner: "Dona Link", fan: "Fã Link", label: "link" },
    "Um comentário aberto por um link.",
  )
  await signInViaPage(page, owner.email, owner.password, "/home")
  // the comments answer slowly (held, then passed on to the server): the owner opens her menu meanwhile
  let answer!: () => void
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route(/\/api\/vitrine\/products\/[^/]+\/comments$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/products/${product.slug}#comment-${comment.id}`)
  await page.getByRole("button", { name: "Menu da conta" }).click()
  const signOut = page.getByRole("menuitem", { name: "Sair" })
  await expect(signOut).toBeVisible()
  answer()
  await expect(page.locator(`#comment-${comment.id}`).getByText("Um comentário aberto por um link.")).toBeAttached()
  // the jump, when it comes, comes in the effects of that render: two frames later it has been made
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  expect(await page.evaluate(() => scrollY)).toBe(0)
  await expect(signOut).toBeInViewport()
  await signOut.click()
  await expect(page.getByRole("banner").getByRole("button", { name: "Entrar" })).toBeVisible()
})
