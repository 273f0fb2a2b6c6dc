// Journeys without friction (issue 14), at phone width (and desktop where the layout differs):
// login in context, notices that say the right thing, staff activity that names its target, and
// the keyboard/screen-reader basics (skip link, titles, Tab order, focus return, lightbox keys).
import { expect, test, type Page } from "@playwright/test"
import {
  adminApi,
  clientFor,
  commentedProduct,
  createUser,
  expectToast,
  fanOnProduct,
  productOf,
  signInViaPage,
  PASSWORD,
} from "./support"

const phoneOnly = (name: string) => test.skip(name !== "phone", "phone width")

async function loginInDialog(page: Page, email: string) {
  const dialog = page.getByRole("dialog", { name: "Entrar" })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel("Email").fill(email)
  await dialog.getByLabel("Senha", { exact: true }).fill(PASSWORD)
  await dialog.getByRole("button", { name: "Entrar", exact: true }).click()
  await expect(dialog).toBeHidden()
}

test("the login that a vote asked for casts that vote, on the same page", async ({ page }, info) => {
  phoneOnly(info.project.name)
  const owner = await createUser(info, "Dona Contexto")
  const fan = await createUser(info, "Fã Contexto")
  const product = await productOf(info, owner.id, "contexto")
  await page.goto(`/home?search=${encodeURIComponent(product.title)}`)
  const card = page.getByTestId("product-grid").getByRole("article").filter({ hasText: product.title })
  await card.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expectToast(page, "Login necessário para votar")
  await loginInDialog(page, fan.email)
  await expect(page).toHaveURL(/\/home\?search=/)
  await expect(card.getByRole("button", { name: `Remover voto de ${product.title} (1 voto)` })).toBeVisible()
  await expect
    .poll(
      async () => (await (await adminApi()).collection("votes").getFullList({ filter: `user = "${fan.id}"` })).length,
    )
    .toBe(1)
})

test("a signed-in user opening /auth/login or /auth/signup goes on to /home", async ({ page }, info) => {
  phoneOnly(info.project.name)
  await fanOnProduct(page, info, { owner: "Dono Comentário", fan: "Fã Comentário", label: "comentar" })
  await page.goto("/auth/login")
  await expect(page).toHaveURL(/\/home$/) // signed in: nothing to do on the login page
  await page.goto("/auth/signup")
  await expect(page).toHaveURL(/\/home$/)
})

test("a product in review says only that comments open when it is published", async ({ page }, info) => {
  phoneOnly(info.project.name)
  const maker = await createUser(info, "Maker Em Análise")
  const p = await productOf(info, maker.id, "analise")
  await (await adminApi()).collection("products").update(p.id, { status: "pending" })
  await signInViaPage(page, maker.email, maker.password, `/products/${p.slug}`)
  await expect(page.getByText("Os comentários abrem quando o produto for publicado.")).toBeVisible()
  await expect(page.getByText("Nenhum comentário ainda. Seja o primeiro a comentar!")).toHaveCount(0)
  await expect(page.getByPlaceholder("Compartilhe sua opinião sobre este produto...")).toHaveCount(0)
})

test("toasts never cover the buttons of an open dialog on the phone", async ({ page }, info) => {
  phoneOnly(info.project.name)
  const user = await createUser(info, "Pessoa Toast")
  await signInViaPage(page, user.email, user.password, "/profile")
  await page.getByRole("button", { name: "Excluir minha conta" }).click()
  const dialog = page.getByRole("dialog", { name: "Excluir minha conta?" })
  await dialog.getByLabel("Digite sua senha para confirmar").fill("senha-errada-123")
  await dialog.getByRole("button", { name: "Excluir minha conta" }).click()
  const toast = page.getByText("Senha incorreta. Digite a senha da sua conta para confirmar")
  await expect(toast).toBeVisible()
  const t = (await toast.boundingBox())!
  for (const name of ["Cancelar", "Excluir minha conta"]) {
    const b = (await dialog.getByRole("button", { name }).boundingBox())!
    const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height
    expect(overlaps, `toast over '${name}'`).toBe(false)
  }
})

test("a failed e-mail verification offers a new link; no dead Google button", async ({ page }, info) => {
  phoneOnly(info.project.name)
  await page.goto("/auth/verify-email?token=expirado")
  await expect(page.getByRole("heading", { name: "Não foi possível verificar o email" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Reenviar e-mail de verificação" })).toBeVisible()
  await page.goto("/auth/login")
  await expect(page.getByRole("button", { name: "Continuar com Google" })).toHaveCount(0) // not configured here
})

test("a notification about a comment removed by moderation no longer shows its text", async ({ page }, info) => {
  phoneOnly(info.project.name)
  const { owner, product, comment } = await commentedProduct(
    info,
    { owner: "Dona Moderada", fan: "Fã Moderado", label: "moderada" },
    "Texto que a moderação vai remover.",
  )
  await (await adminApi()).collection("comments").update(comment.id, { is_deleted: true })
  await signInViaPage(page, owner.email, owner.password, "/notifications")
  await expect(page.getByText(`Fã Moderado comentou em ${product.title}: Comentário removido`)).toBeVisible()
  await expect(page.getByText("Texto que a moderação vai remover.")).toHaveCount(0)
})

test("'Atividade Recente' names the product and links to it", async ({ page }, info) => {
  phoneOnly(info.project.name)
  const mod = await createUser(info, "Moderadora Atividade")
  const maker = await createUser(info, "Maker Atividade")
  await (await adminApi()).collection("user_roles").create({ user: mod.id, role: "moderator" })
  const p = await productOf(info, maker.id, "atividade")
  await (await adminApi()).collection("products").update(p.id, { status: "pending" })
  await (await clientFor(mod.email)).send(`/api/vitrine/admin/products/${p.id}/approve`, { method: "POST" })
  await signInViaPage(page, mod.email, mod.password, "/admin")
  const entry = page.getByRole("link", { name: `“${p.title}”` }).first()
  await expect(entry).toBeVisible()
  await entry.click()
  await expect(page).toHaveURL(new RegExp(`/products/${p.slug}$`))
})

test("keyboard and screen readers: skip link, a title per route, login Tab order, focus back, lightbox keys", async ({
  page,
}, info) => {
  const owner = await createUser(info, "Dona Teclado")
  const product = await productOf(info, owner.id, "teclado")
  await page.goto("/home")
  await expect(page).toHaveTitle("Descubra produtos — Vitrine")
  await page.keyboard.press("Tab")
  const skip = page.getByRole("link", { name: "Pular para o conteúdo" })
  await expect(skip).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.locator("main#conteudo")).toBeFocused()

  // the login dialog: e-mail, password, then 'Esqueci minha senha'; closing returns focus
  const trigger = page.getByRole("banner").getByRole("button", { name: "Entrar" })
  await trigger.focus()
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: "Entrar" })
  await dialog.getByLabel("Email").focus()
  await page.keyboard.press("Tab")
  await expect(dialog.getByLabel("Senha", { exact: true })).toBeFocused()
  await page.keyboard.press("Tab")
  await expect(dialog.getByRole("button", { name: "Esqueci minha senha" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()

  await page.goto("/auth/login")
  await expect(page).toHaveTitle("Entrar — Vitrine")
  const fan = await createUser(info, "Fã Teclado")
  await signInViaPage(page, fan.email, fan.password, `/products/${product.slug}`)
  await expect(page).toHaveTitle(`${product.title} — Vitrine`)
  await page
    .getByRole("button", { name: /Ampliar imagem/ })
    .first()
    .click()
  const lightbox = page.getByRole("dialog")
  await expect(lightbox).toContainText("1 / 1")
  await page.keyboard.press("ArrowRight")
  await expect(lightbox).toContainText("1 / 1") // one picture: wraps onto itself
  await page.keyboard.press("Escape")
  await expect(lightbox).toBeHidden()
})
