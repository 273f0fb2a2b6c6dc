// Own profile (/profile), the public maker page (/makers/{username}) and owner actions on cards.
// Both projects share one seeded backend: every test that writes uses a user of its own, named
// after the project and the time, and demo accounts are only read.
import { mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, test, type Page, type TestInfo } from "@playwright/test"
import { makePng } from "../scripts/lib/png.mjs"
import { DEMO_LOGINS } from "../scripts/seed.mjs"
import { adminApi as superuser, createUser, PASSWORD, signInViaPage } from "./support"

const ana = DEMO_LOGINS.find((l) => l.email === "ana@vitrine.demo")!

/** A unique tag per test and project, so parallel runs never touch each other's rows. */
const uniqueTag = (info: TestInfo) =>
  `${info.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

async function freshUser(info: TestInfo) {
  const displayName = `Pessoa ${uniqueTag(info)}`
  return { ...(await createUser(info, displayName)), displayName }
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await signInViaPage(page, email, password, "/profile")
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole("heading", { name: "Meu Perfil" })).toBeVisible()
}

const saveButton = (page: Page) => page.getByRole("button", { name: "Salvar Alterações" })

test("a username taken by another maker blocks the save", async ({ page }, info) => {
  const user = await freshUser(info)
  await signIn(page, user.email)
  const username = page.getByLabel("Username")
  await expect(username).toHaveValue(user.username)
  await expect(page.getByText("Username disponível")).toBeVisible() // unchanged counts as available

  await username.fill("JoaoPereira") // typed in capitals, shown and checked in lowercase
  await expect(username).toHaveValue("joaopereira")
  // (the passing "Verificando disponibilidade..." state is username-availability.test.tsx's: here
  // the answer can arrive between two polls, and the test missed it once on a slow machine)
  await expect(page.locator("[data-availability=taken]")).toHaveText(/Username já está em uso/)
  await saveButton(page).click()
  await expect(page.getByRole("alert").filter({ hasText: "Username já está em uso" })).toBeVisible()

  const pb = await superuser()
  expect((await pb.collection("users").getOne(user.id)).username).toBe(user.username)

  // a format problem is shown before any check
  await username.fill("a b")
  await expect(page.getByText("Apenas letras minúsculas, números, - e _")).toBeVisible()
})

test("name, username and bio are saved and shown on the maker page", async ({ page }, info) => {
  const user = await freshUser(info)
  await signIn(page, user.email)
  // no products yet: both tabs say so
  await expect(page.getByRole("tab", { name: "Aprovados (0)" })).toHaveAttribute("aria-selected", "true")
  await expect(page.getByText("Você ainda não tem produtos aprovados")).toBeVisible()
  await page.getByRole("tab", { name: "Todos (0)" }).click()
  await expect(page.getByText("Você ainda não criou nenhum produto")).toBeVisible()

  const tag = uniqueTag(info)
  const newName = `Maker ${tag}`
  const newUsername = `m-${tag}`
  const bio = `Faço apps para a feira do bairro (${tag}).`
  await page.getByLabel("Nome").fill(newName)
  await page.getByLabel("Username").fill(newUsername)
  await expect(page.locator("[data-availability=available]")).toHaveText(/Username disponível/)
  await page.getByLabel("Bio").fill(bio)
  await expect(page.getByText(`${bio.length}/500`)).toBeVisible()
  await saveButton(page).click()
  await expect(page.getByRole("status").filter({ hasText: "Perfil atualizado" })).toContainText(
    "Suas informações foram salvas com sucesso.",
  )

  await page.getByRole("link", { name: "Ver perfil público" }).click()
  await expect(page).toHaveURL(new RegExp(`/makers/${newUsername}$`))
  await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible()
  await expect(page.getByText(`@${newUsername}`)).toBeVisible()
  await expect(page.getByText(bio)).toBeVisible()
  for (const label of ["Produtos", "Votos Recebidos", "Comentários", "Membro há"])
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible()
  await expect(page.getByText("Nenhum produto publicado ainda")).toBeVisible()

  // 'Editar Perfil' leads back to the form; clearing the bio saves it empty
  await page.getByRole("link", { name: "Editar Perfil" }).click()
  await expect(page).toHaveURL(/\/profile\/edit$/)
  await expect(page.getByLabel("Bio")).toHaveValue(bio)
  await page.getByLabel("Bio").fill("")
  await expect(page.getByText("0/500")).toBeVisible()
  await saveButton(page).click()
  await expect(page.getByRole("status").filter({ hasText: "Perfil atualizado" }).last()).toBeVisible()
  await page.goto(`/makers/${newUsername}`)
  await expect(page.getByText("Nenhuma bio adicionada ainda")).toBeVisible()
})

test("an uploaded avatar shows on the maker page; wrong files are refused", async ({ page }, info) => {
  const user = await freshUser(info)
  await signIn(page, user.email)
  const picker = page.getByLabel("Foto de perfil")

  await picker.setInputFiles({ name: "animacao.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") })
  await expect(page.getByRole("alert").filter({ hasText: "Apenas JPG, PNG ou WEBP" })).toBeVisible()
  await picker.setInputFiles({
    name: "enorme.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  })
  await expect(page.getByRole("alert").filter({ hasText: "Avatar deve ter no máximo 2MB" })).toBeVisible()

  const dir = await mkdtemp(path.join(tmpdir(), "vitrine-avatar-"))
  const file = path.join(dir, "minha-foto.png")
  await writeFile(file, makePng(200, 200, 4242))
  await picker.setInputFiles(file)
  const form = page.getByRole("form", { name: "Editar perfil" })
  await expect(form.locator("img").first()).toHaveAttribute("src", /^data:image\/png/)
  await saveButton(page).click()
  await expect(page.getByRole("status").filter({ hasText: "Avatar atualizado" })).toContainText(
    "Sua foto foi alterada com sucesso.",
  )
  await expect(form.locator("img").first()).toHaveAttribute("src", new RegExp(`/api/files/[^/]+/${user.id}/`))

  await page.goto(`/makers/${user.username}`)
  await expect(page.getByRole("heading", { level: 1, name: user.displayName })).toBeVisible()
  const avatar = page.getByRole("main").locator(`img[src*="/${user.id}/"]`).first()
  await expect(avatar).toBeVisible()
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
})

test("an unknown maker goes to the 404 page", async ({ page }) => {
  await page.goto("/makers/xyz")
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible()
})

test("the owner's tabs count approved and all products, with status badges", async ({ page }) => {
  const pb = await superuser()
  const owner = await pb.collection("users").getFirstListItem(pb.filter("email = {:e}", { e: ana.email }))
  const products = await pb
    .collection("products")
    .getFullList({ filter: pb.filter("created_by = {:id}", { id: owner.id }) })
  const approved = products.filter((p) => p.status === "approved").length
  expect(products.length).toBeGreaterThan(approved) // the demo data gives Ana a rejected product

  await signIn(page, ana.email, ana.password)
  const cards = page.getByTestId("product-grid").getByRole("article")
  await expect(page.getByRole("tab", { name: `Aprovados (${approved})` })).toHaveAttribute("aria-selected", "true")
  await expect(cards).toHaveCount(approved)
  await expect(cards.getByText("Rejeitado")).toHaveCount(0)
  await page.getByRole("tab", { name: `Todos (${products.length})` }).click()
  await expect(cards).toHaveCount(products.length)
  await expect(cards.getByText("Rejeitado").first()).toBeVisible()
  await expect(cards.first().getByRole("button", { name: /Ações do produto/ })).toBeVisible()

  // the public page lists approved products only, without owner badges for visitors
  await page.goto(`/makers/${owner.username}`)
  await expect(page.getByRole("heading", { name: "Produtos", exact: true })).toBeVisible()
  await expect(cards).toHaveCount(approved)
  await expect(page.getByRole("link", { name: "Editar Perfil" })).toBeVisible()
})

test("the owner deletes a product from its card after confirming", async ({ page }, info) => {
  const user = await freshUser(info)
  const pb = await superuser()
  const tag = uniqueTag(info)
  const product = await pb.collection("products").create({
    slug: `produto-${tag}`,
    title: `Produto ${tag}`,
    description: "Um produto criado só para este teste, com descrição de mais de cinquenta letras.",
    url: "https://exemplo.com.br",
    status: "approved",
    published_at: new Date().toISOString(),
    created_by: user.id,
    images: [new File([new Uint8Array(makePng(64, 48, 7))], "capa.png", { type: "image/png" })],
  })

  await signIn(page, user.email)
  const card = page
    .getByTestId("product-grid")
    .getByRole("article")
    .filter({ hasText: `Produto ${tag}` })
  await expect(page.getByRole("tab", { name: "Aprovados (1)" })).toBeVisible()
  const openMenu = () => card.getByRole("button", { name: `Ações do produto Produto ${tag}` }).click()

  await openMenu()
  await expect(page.getByRole("menuitem", { name: "Editar produto" })).toHaveAttribute(
    "href",
    `/products/${product.slug}/edit`,
  )
  await page.getByRole("menuitem", { name: "Deletar produto" }).click()
  const dialog = page.getByRole("dialog", { name: "Tem certeza?" })
  await expect(dialog).toContainText("Esta ação não pode ser desfeita. O produto será permanentemente removido.")
  await dialog.getByRole("button", { name: "Cancelar" }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toBeVisible()

  await openMenu()
  await page.getByRole("menuitem", { name: "Deletar produto" }).click()
  await dialog.getByRole("button", { name: "Deletar" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Produto removido!" })).toBeVisible()
  await expect(page.getByRole("tab", { name: "Aprovados (0)" })).toBeVisible()
  await expect(page.getByText("Você ainda não tem produtos aprovados")).toBeVisible()
  await expect(pb.collection("products").getOne(product.id)).rejects.toMatchObject({ status: 404 })
})
