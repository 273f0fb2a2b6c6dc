// Product page (/products/{slug}), submit (/submit) and edit (/products/{slug}/edit). Both
// projects share one seeded backend: demo products are only read (each project opens a different
// one, so the counters it checks are its own), and every write uses users created for the test.
import { mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { makePng } from "../scripts/lib/png.mjs"
import { adminApi, createUser, expectToast, signInViaPage } from "./support"

const DESCRIPTION =
  "Um produto enviado pelo teste de ponta a ponta, com uma descrição longa o bastante para passar na validação."

async function signIn(page: Page, email: string, password: string, returnUrl: string) {
  await signInViaPage(page, email, password, returnUrl)
  await expect(page).toHaveURL(new RegExp(`${returnUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`))
}

async function pngFiles(count: number) {
  const dir = await mkdtemp(path.join(tmpdir(), "vitrine-product-"))
  const files: string[] = []
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `tela-${i + 1}.png`)
    await writeFile(file, makePng(480, 360, 900 + i))
    files.push(file)
  }
  return files
}

test("a product page: gallery and lightbox, stats, visit with ref and share", async ({ page, context }, info) => {
  const pb = await adminApi()
  // an approved demo product with at least 3 pictures; phone and desktop take different ones
  const candidates = await pb.collection("products").getFullList({
    filter: 'status = "approved" && images:length >= 3 && category != ""',
    sort: "slug",
    expand: "category",
  })
  const product = candidates[info.project.name === "phone" ? 0 : 1]!
  const total = (product.images as string[]).length
  const user = await createUser(info, "Visitante Produto")

  await context.grantPermissions(["clipboard-read", "clipboard-write"])
  await context.route("https://exemplo.com.br/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<p>site do produto</p>" }),
  )
  await signIn(page, user.email, user.password, `/products/${product.slug}`)

  const main = page.getByRole("main")
  await expect(main.getByRole("heading", { level: 1, name: product.title as string })).toBeVisible()
  const crumbs = main.getByRole("navigation", { name: "Trilha de navegação" })
  await expect(crumbs.getByRole("link", { name: "Início" })).toHaveAttribute("href", "/home")
  await expect(crumbs.getByRole("link", { name: product.expand?.category.name })).toHaveAttribute(
    "href",
    `/categories/${product.category}`,
  )
  await expect(main.getByRole("link", { name: "Editar", exact: true })).toHaveCount(0) // not the owner
  await expect(main.getByRole("heading", { name: `Comentários (${product.comment_count})` })).toBeVisible()
  await expect(main.locator("#comentarios")).toHaveCount(1)
  await expect(main.getByRole("heading", { name: "Criado por" })).toBeVisible()
  await expect(main.getByRole("heading", { name: "Produtos relacionados" })).toBeVisible()

  // stats, singular or plural; the view of this visit is counted on the server
  const stats = main.getByTestId("product-stats")
  await expect(stats).toContainText(/\d+ comentários?/)
  await expect(stats).toContainText(/\d+ visualizaç(ão|ões)/)
  await expect(stats).toContainText(/\d+ cliques?/)
  await expect
    .poll(async () => (await pb.collection("products").getOne(product.id)).view_count)
    .toBeGreaterThan(product.view_count as number)
  // ...and the page shows the count the server answered for it
  const views = (await pb.collection("products").getOne(product.id)).view_count as number
  await expect(stats.getByTestId("stat-views")).toHaveText(`${views} ${views === 1 ? "visualização" : "visualizações"}`)

  // gallery: the cover and a strip of the others; the lightbox wraps both ways
  const strip = main.getByTestId("gallery").getByRole("listitem")
  await expect(strip).toHaveCount(total - 1)
  await main.getByRole("button", { name: `Ampliar imagem 1 de ${total}` }).click()
  const lightbox = page.getByTestId("lightbox")
  const counter = lightbox.getByTestId("lightbox-counter")
  await expect(counter).toHaveText(`1 / ${total}`)
  await lightbox.getByRole("button", { name: "Imagem anterior" }).click()
  await expect(counter).toHaveText(`${total} / ${total}`)
  await lightbox.getByRole("button", { name: "Próxima imagem" }).click()
  await expect(counter).toHaveText(`1 / ${total}`)
  await page.keyboard.press("ArrowRight")
  await expect(counter).toHaveText(`2 / ${total}`)
  await page.keyboard.press("ArrowLeft")
  await page.keyboard.press("ArrowLeft")
  await expect(counter).toHaveText(`${total} / ${total}`)
  await page.keyboard.press("Escape")
  await expect(lightbox).toBeHidden()
  await strip.nth(0).getByRole("button").click()
  await expect(counter).toHaveText(`2 / ${total}`)
  await page.keyboard.press("Escape")

  // 'Visitar Site': a new tab with ref=vitrine, and the click counted on the server
  const clicksBefore = (await pb.collection("products").getOne(product.id)).click_count as number
  const visit = main.getByRole("link", { name: "Visitar Site" })
  await expect(visit).toHaveAttribute("rel", "noopener noreferrer")
  const popupPromise = page.waitForEvent("popup")
  await visit.click()
  const popup = await popupPromise
  await popup.waitForLoadState()
  expect(new URL(popup.url()).searchParams.get("ref")).toBe("vitrine")
  await popup.close()
  await expect
    .poll(async () => (await pb.collection("products").getOne(product.id)).click_count)
    .toBeGreaterThan(clicksBefore)
  const clicks = (await pb.collection("products").getOne(product.id)).click_count as number
  await expect(stats.getByTestId("stat-clicks")).toHaveText(`${clicks} ${clicks === 1 ? "clique" : "cliques"}`)

  // copy link: a toast and a check icon for a moment
  const copy = main.getByRole("button", { name: "Copiar link" })
  await copy.click()
  await expectToast(page, "Link copiado!")
  await expect(main.getByRole("button", { name: "Link copiado" })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/products/${product.slug}$`))
  await expect(main.getByRole("button", { name: "Copiar link" })).toBeVisible()
})

test("submit with two images, edit removing one, and nobody else may edit", async ({ page, browser }, info) => {
  test.setTimeout(90_000)
  const pb = await adminApi()
  const maker = await createUser(info, "Criadora Produto")
  const title = `Produto E2E ${info.project.name} ${Date.now().toString(36)}`
  const newTag = `e2e${info.project.name}${Date.now().toString(36)}`.slice(0, 30)
  const [img1, img2] = await pngFiles(2)

  await signIn(page, maker.email, maker.password, "/submit")
  await expect(page.getByRole("heading", { level: 1, name: "Enviar Produto" })).toBeVisible()
  await expect(page.getByText("Mínimo 5 caracteres, máximo 100")).toBeVisible()
  await expect(page.getByText("Mínimo 50 caracteres, máximo 1000")).toBeVisible()
  await page.getByLabel("Título").fill(title)
  await page.getByLabel("Descrição").fill(DESCRIPTION)
  await page.getByLabel("URL").fill("https://exemplo.com.br/meu-produto")
  await page.getByLabel("Categoria").selectOption({ index: 1 })
  const form = page.getByRole("form", { name: "Enviar produto" })
  await form.getByText("Feito com Lovable").click() // the label of the switch
  await expect(form.getByRole("switch", { name: "Feito com Lovable" })).toBeChecked()
  const tags = page.getByRole("combobox", { name: "Tags" })
  await tags.fill(newTag)
  await tags.press("Enter")
  // an existing tag, picked from the suggestions
  await tags.fill("educa")
  await page.getByRole("option", { name: "#educação" }).click()
  await expect(page.getByRole("list", { name: "Tags escolhidas" }).getByRole("listitem")).toHaveCount(2)
  await page.getByLabel("Imagens do produto").setInputFiles([img1!, img2!])
  await expect(page.getByTestId("image-preview")).toHaveCount(2)
  await expect(page.getByTestId("image-preview").first()).toContainText("Capa")

  // hold the request a moment so the percentage can be seen
  await page.route("**/api/vitrine/products", async (route) => {
    await new Promise((r) => setTimeout(r, 1200))
    await route.continue()
  })
  await page.getByRole("button", { name: "Enviar Produto" }).click()
  await expect(page.getByRole("button", { name: /Enviando\.\.\. \d+%/ })).toBeVisible()
  await expectToast(page, "Produto enviado!")
  await expectToast(page, "Seu produto está em análise e será publicado em breve.")
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/)
  const slug = new URL(page.url()).pathname.split("/").pop()!
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible()
  await expect(page.getByText("Em análise", { exact: true })).toBeVisible()
  await expect(page.getByRole("link", { name: "Editar", exact: true })).toBeVisible()

  const saved = await pb.collection("products").getFirstListItem(pb.filter("slug = {:slug}", { slug }), {
    expand: "product_tags_via_product.tag",
  })
  expect(saved.title).toBe(title)
  expect(saved.status).toBe("pending")
  expect(saved.built_with_lovable).toBe(true)
  expect(saved.images).toHaveLength(2)
  const savedTags = (saved.expand?.product_tags_via_product ?? []).map(
    (l: { expand?: { tag?: { name: string } } }) => l.expand?.tag?.name,
  )
  expect(savedTags.sort()).toEqual(["educação", newTag].sort())

  // edit: a stored picture is only marked, then removed on save
  await page.getByRole("link", { name: "Editar", exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/products/${slug}/edit$`))
  await expect(page.getByRole("heading", { level: 1, name: "Editar Produto" })).toBeVisible()
  await expect(page.getByLabel("Título")).toHaveValue(title)
  await expect(page.getByTestId("image-preview")).toHaveCount(2)
  await page.getByRole("button", { name: "Remover imagem 2" }).click()
  await expectToast(page, "Imagem marcada para remoção")
  await expectToast(page, "A imagem será removida ao salvar o produto")
  expect((await pb.collection("products").getOne(saved.id)).images).toHaveLength(2)
  await page.getByRole("button", { name: "Salvar Alterações" }).click()
  await expectToast(page, "Produto atualizado!")
  await expectToast(page, "As alterações foram salvas com sucesso.")
  await expect(page).toHaveURL(new RegExp(`/products/${slug}$`))
  const updated = await pb.collection("products").getOne(saved.id)
  expect(updated.images).toHaveLength(1)
  expect(updated.images[0]).toBe((saved.images as string[])[0])

  // once published, another signed-in user can see it but not edit it
  await pb.collection("products").update(saved.id, { status: "approved", published_at: new Date().toISOString() })
  const other = await createUser(info, "Outra Pessoa")
  const otherContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "pt-BR" })
  const otherPage = await otherContext.newPage()
  await signIn(otherPage, other.email, other.password, `/products/${slug}`)
  await expect(otherPage.getByRole("heading", { level: 1, name: title })).toBeVisible()
  await expect(otherPage.getByRole("link", { name: "Editar", exact: true })).toHaveCount(0)
  await otherPage.goto(`/products/${slug}/edit`)
  await expectToast(otherPage, "Acesso negado")
  await expectToast(otherPage, "Você não tem permissão para editar este produto")
  await expect(otherPage).toHaveURL(/\/$/)
  await otherContext.close()
})

test("the form shows the validation messages", async ({ page }, info) => {
  const user = await createUser(info, "Validacao Produto")
  await signIn(page, user.email, user.password, "/submit")
  await page.getByLabel("Título").fill("abc")
  await page.getByLabel("URL").fill("ftp://exemplo.com.br")
  await page.getByRole("button", { name: "Enviar Produto" }).click()
  const form = page.getByRole("form", { name: "Enviar produto" })
  await expect(form.getByText("Título deve ter no mínimo 5 caracteres")).toBeVisible()
  await expect(page.getByRole("alert").filter({ hasText: "Título deve ter no mínimo 5 caracteres" })).toBeVisible()
  await expect(form.getByText("Descrição deve ter no mínimo 50 caracteres")).toBeVisible()
  await expect(form.getByText("URL deve começar com http:// ou https://")).toBeVisible()
  await expect(form.getByText("Adicione pelo menos 1 tag")).toBeVisible()
  await expect(form.getByText("Adicione pelo menos uma imagem do produto")).toBeVisible()

  // files are checked before any upload
  const picker = page.getByLabel("Imagens do produto")
  await picker.setInputFiles({ name: "animacao.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") })
  await expectToast(page, "Tipo de arquivo não suportado. Use JPG, PNG ou WEBP.")
  await picker.setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) })
  await expectToast(page, "Arquivo muito grande. Máximo 5MB.")
  await expect(page.getByTestId("image-preview")).toHaveCount(0)

  // a title of 5 characters clears its message on the next submit
  await page.getByLabel("Título").fill("Abcde")
  await page.getByRole("button", { name: "Enviar Produto" }).click()
  await expect(form.getByText("Título deve ter no mínimo 5 caracteres")).toHaveCount(0)
})
