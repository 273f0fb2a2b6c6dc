// The staff area at phone width (the phone project only, see playwright.config.ts): a maker submits, a moderator
// approves from the bottom navigation and the maker is told live; a rejection's reason reaches the
// maker; a resolved report removes a comment; an admin makes a user moderator, who can then open
// /admin. Every mutating test makes its own users.
import { mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, test, type Browser, type Page } from "@playwright/test"
import { makePng } from "../scripts/lib/png.mjs"
import { adminApi, clientFor, createUser, expectToast, fillProductForm, productOf, signInViaPage } from "./support"

type Person = Awaited<ReturnType<typeof createUser>>

async function staff(info: Parameters<typeof createUser>[0], name: string, role: "moderator" | "admin") {
  const person = await createUser(info, name)
  await (await adminApi()).collection("user_roles").create({ user: person.id, role })
  return person
}

/** A second browser (same project options) signed in as `who`, on `returnUrl`. */
async function openAs(browser: Browser, who: Person, returnUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInViaPage(page, who.email, who.password, returnUrl)
  await expect(page).toHaveURL(new RegExp(`${returnUrl}$`))
  return page
}

async function submitViaForm(page: Page, title: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "vitrine-admin-"))
  const image = path.join(dir, "capa.png")
  await writeFile(image, makePng(480, 360, 4242))
  await fillProductForm(page, {
    title,
    description: "Um produto enviado para a moderação pelo teste de ponta a ponta, com descrição suficiente.",
    url: "https://exemplo.com.br/moderado",
    tag: "moderacao",
    images: [image],
  })
  await page.getByRole("button", { name: "Enviar Produto" }).click()
  await expectToast(page, "Produto enviado!")
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Administração" })
const pendingBadge = async (page: Page) => Number((await page.getByTestId("badge-products").textContent()) ?? "0")

test("a moderator approves from the phone; the maker is told live and the product is on /home", async ({
  page,
  browser,
}, info) => {
  test.slow()
  const maker = await createUser(info, "Maker Aprovado")
  const mod = await staff(info, "Moderador Fone", "moderator")
  const title = `Aprovável ${Date.now().toString(36)}`

  await signInViaPage(page, mod.email, mod.password, "/admin")
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible()
  await expect(nav(page)).toBeInViewport()
  await expect(nav(page).getByRole("link", { name: /^Usuários/ })).toHaveCount(0) // admins only
  const before = (await page.getByTestId("badge-products").count()) ? await pendingBadge(page) : 0

  const makerPage = await openAs(browser, maker, "/submit")
  await submitViaForm(makerPage, title)
  // the moderator's badge counts it without a reload
  await expect.poll(() => pendingBadge(page)).toBeGreaterThan(before)

  await nav(page)
    .getByRole("link", { name: /^Produtos/ })
    .click()
  await expect(page.getByRole("heading", { name: "Moderação de Produtos" })).toBeVisible()
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) })
  await expect(card.getByText("Maker Aprovado")).toBeVisible()
  await expect(card.getByRole("img", { name: `Imagem 1 de ${title}` })).toBeVisible()
  await expect(card.getByText("#moderacao")).toBeVisible()
  await card.getByRole("button", { name: `Aprovar ${title}` }).click()
  await expectToast(page, "Produto aprovado")
  await expect(card).toHaveCount(0)

  await expect(makerPage.getByTestId("bell-badge")).toHaveText("1")
  await makerPage.getByRole("button", { name: /^Notificações/ }).click()
  await expect(makerPage.getByText(`Seu produto ${title} foi aprovado e já está publicado!`)).toBeVisible()
  await makerPage.goto("/home")
  await expect(makerPage.getByRole("heading", { name: title })).toBeVisible()

  // the dashboard's activity names the moderator's action
  await nav(page).getByRole("link", { name: "Dashboard" }).click()
  await expect(page.getByText(`aprovou o produto “${title}”`).first()).toBeVisible()
  await makerPage.context().close()
})

test("a rejection needs a reason, and the reason reaches the maker", async ({ page, browser }, info) => {
  const maker = await createUser(info, "Maker Rejeitado")
  const mod = await staff(info, "Moderadora Rejeita", "moderator")
  const api = await adminApi()
  const product = await api.collection("products").update((await productOf(info, maker.id, "rejeitavel")).id, {
    status: "pending",
    published_at: "",
  })
  const makerPage = await openAs(browser, maker, "/notifications")

  await signInViaPage(page, mod.email, mod.password, "/admin/products")
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: product.title }) })
  await card.getByRole("button", { name: `Rejeitar ${product.title}` }).click()
  const dialog = page.getByRole("dialog", { name: "Rejeitar produto" })
  const confirm = dialog.getByRole("button", { name: "Rejeitar", exact: true })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel("Motivo da rejeição").fill("    ")
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel("Motivo da rejeição").fill("O link do produto está fora do ar.")
  await confirm.click()
  await expectToast(page, "Produto rejeitado")
  await expect(card).toHaveCount(0)

  await expect(
    makerPage.getByText(`Seu produto ${product.title} foi rejeitado: O link do produto está fora do ar.`),
  ).toBeVisible()
  const stored = await api.collection("products").getOne(product.id)
  expect([stored.status, stored.rejection_reason]).toEqual(["rejected", "O link do produto está fora do ar."])
  await makerPage.context().close()
})

test("a report on a comment, resolved, removes the comment", async ({ page }, info) => {
  const owner = await createUser(info, "Dono Denunciado")
  const troll = await createUser(info, "Autor Ruim")
  const reporter = await createUser(info, "Quem Denuncia")
  const mod = await staff(info, "Moderador Denúncias", "moderator")
  const product = await productOf(info, owner.id, "denunciado")
  const text = `Comentário ofensivo de teste ${Date.now().toString(36)}`
  const comment = await (
    await clientFor(troll.email)
  )
    .collection("comments")
    .create({ product: product.id, user: troll.id, content: text })
  await (await clientFor(reporter.email)).collection("flags").create({
    target_type: "comment",
    product: product.id,
    comment: comment.id,
    reporter: reporter.id,
    reason: "Ofende outras pessoas da comunidade.",
  })

  await signInViaPage(page, mod.email, mod.password, "/admin/flags")
  await expect(page.getByRole("tab", { name: /^Abertas \(\d+\)$/ })).toHaveAttribute("aria-selected", "true")
  const flag = page.getByTestId("flag").filter({ hasText: text })
  await expect(flag.getByText("Ofende outras pessoas da comunidade.")).toBeVisible()
  await expect(flag.getByText("Denunciado por Quem Denuncia")).toBeVisible()
  await flag.getByRole("button", { name: "Remover Conteúdo" }).click()
  await page.getByRole("dialog", { name: "Remover conteúdo?" }).getByRole("button", { name: "Remover" }).click()
  await expectToast(page, "Denúncia revisada")
  await expect(flag).toHaveCount(0)

  await page.getByRole("tab", { name: /^Todas \(\d+\)$/ }).click()
  const reviewed = page
    .getByTestId("flag")
    .filter({ hasText: "Ofende outras pessoas da comunidade." })
    .filter({ hasText: `Revisado por Moderador Denúncias` })
  await expect(reviewed.getByText("Conteúdo removido", { exact: true })).toBeVisible()
  await expect(reviewed.getByRole("button", { name: "Remover Conteúdo" })).toHaveCount(0)

  expect((await (await adminApi()).collection("comments").getOne(comment.id)).is_deleted).toBe(true)
  await page.goto(`/products/${product.slug}`)
  await expect(page.getByRole("heading", { name: "Comentários (0)" })).toBeVisible()
  await expect(page.getByText(text)).toHaveCount(0)
})

test("an admin makes a user moderator, who then opens /admin", async ({ page, browser }, info) => {
  const adm = await staff(info, "Admin Fone", "admin")
  const future = await createUser(info, "Futura Moderadora")

  await signInViaPage(page, adm.email, adm.password, "/admin/users")
  await expect(page.getByRole("heading", { name: "Usuários" })).toBeVisible()
  await page.getByLabel("Buscar usuários").fill(future.email.toUpperCase())
  const row = page.getByTestId("admin-user").filter({ hasText: future.email })
  await expect(row).toHaveCount(1)
  await expect(page.getByTestId("admin-user")).toHaveCount(1)

  // Admin asks first; cancelling changes nothing
  await row.getByRole("button", { name: "Adicionar Role a Futura Moderadora" }).click()
  await page.getByRole("menuitem", { name: "Admin" }).click()
  const ask = page.getByRole("dialog", { name: "Atribuir role de Admin?" })
  await expect(
    ask.getByText(
      "Tem certeza que deseja atribuir a role de Admin a este usuário? Isso dará privilégios administrativos completos.",
    ),
  ).toBeVisible()
  await ask.getByRole("button", { name: "Cancelar" }).click()

  await row.getByRole("button", { name: "Adicionar Role a Futura Moderadora" }).click()
  await page.getByRole("menuitem", { name: "Moderador" }).click()
  await expectToast(page, "Role atribuída")
  await expect(row.getByRole("button", { name: "Remover role Moderador de Futura Moderadora" })).toBeVisible()
  await row.getByRole("button", { name: "Adicionar Role a Futura Moderadora" }).click()
  await expect(page.getByRole("menuitem", { name: "Moderador" })).toBeDisabled()
  await page.keyboard.press("Escape")

  await page.getByLabel("Buscar usuários").fill("ninguém-tem-este-nome-aqui")
  await expect(page.getByText("Nenhum usuário encontrado")).toBeVisible()

  const modPage = await openAs(browser, future, "/admin")
  await expect(modPage.getByRole("heading", { name: "Dashboard" })).toBeVisible()
  const roles = await (await adminApi()).collection("user_roles").getFullList({ filter: `user = "${future.id}"` })
  expect(roles.map((r) => r.role)).toEqual(["moderator"])
  await modPage.context().close()
})
