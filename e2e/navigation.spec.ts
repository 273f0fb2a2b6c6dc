// Navigation and the phone layout (issue 14): a new page opens at its top and back returns to the
// feed's position; the header search works from every page; the landing page's way in for a
// signed-in user; the product page's essentials above the fold; the phone's 'Enviar Produto'
// button, its tap targets and long words; empty states that offer the way out.
import { expect, test, type Page } from "@playwright/test"
import { adminApi, createUser, productOf, signInViaPage } from "./support"

const phoneOnly = (name: string) => test.skip(name !== "phone", "phone width")
const cards = (page: Page) => page.getByTestId("product-grid").getByRole("article")

test("a product opened from a scrolled feed starts at its top; back returns to the same place in the feed", async ({
  page,
}, info) => {
  const user = await createUser(info, "Rolagem")
  await signInViaPage(page, user.email, user.password, "/home")
  await expect(cards(page).nth(5)).toBeVisible()
  // far down the feed: past the first page (scrolling loads the next one)
  const more = page.getByRole("button", { name: "Carregar mais" })
  if ((await more.count()) > 0) {
    await more.scrollIntoViewIfNeeded()
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24)
  }
  const target = cards(page).nth((await cards(page).count()) - 2)
  await target.scrollIntoViewIfNeeded()
  const before = await page.evaluate(() => window.scrollY)
  expect(before).toBeGreaterThan(500)
  const title = (await target.getByRole("heading").textContent())!.trim()
  await target.getByRole("heading").getByRole("link").click()
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)

  await page.goBack()
  await expect(page).toHaveURL(/\/home$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50)
  await expect(cards(page).filter({ hasText: title })).toBeInViewport()
})

test("the header search works from any page: typing or Enter goes to /home with the search, by relevance", async ({
  page,
}, info) => {
  const user = await createUser(info, "Busca Geral")
  const product = await productOf(info, user.id, "buscageral")
  await signInViaPage(page, user.email, user.password, "/profile")
  await expect(page.getByRole("heading", { name: "Meus Produtos" })).toBeVisible()
  const box = page.getByRole("searchbox", { name: "Buscar produtos" }).locator("visible=true")
  await box.fill(product.title)
  await box.press("Enter")
  await expect(page).toHaveURL(new RegExp(`/home\\?search=${encodeURIComponent(product.title).replace(/%20/g, "\\+")}`))
  await expect(cards(page).filter({ hasText: product.title })).toBeVisible()
  const sort = page.getByRole("group", { name: "Ordenar por" })
  await expect(sort.getByRole("button", { name: "Relevância" })).toHaveAttribute("aria-pressed", "true")
  await sort.getByRole("button", { name: "Mais votados" }).click()
  await expect(page).toHaveURL(/sort=top/)
  await sort.getByRole("button", { name: "Relevância" }).click()
  await expect(page).not.toHaveURL(/sort=/)

  // typing alone (the 300 ms pause) works from a product page too
  await page.goto(`/products/${product.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  await box.fill("buscageral")
  await expect(page).toHaveURL(/\/home\?search=buscageral$/)
})

test("the landing page offers a signed-in user 'Ir para a Vitrine'", async ({ page }, info) => {
  await page.goto("/")
  await expect(page.getByRole("link", { name: "Entrar", exact: true })).toBeVisible()
  const user = await createUser(info, "Volta Sempre")
  await signInViaPage(page, user.email, user.password, "/home")
  await page.goto("/")
  const way = page.getByRole("link", { name: "Ir para a Vitrine" })
  await expect(way).toBeVisible()
  await expect(page.getByRole("link", { name: "Entrar", exact: true })).toHaveCount(0)
  await way.click()
  await expect(page).toHaveURL(/\/home$/)
})

test("a product page shows its title, summary, vote and 'Visitar Site' without scrolling", async ({ page }, info) => {
  const owner = await createUser(info, "Dona Dobra")
  const fan = await createUser(info, "Fã Dobra")
  const product = await productOf(info, owner.id, "dobra")
  await signInViaPage(page, fan.email, fan.password, `/products/${product.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeInViewport()
  await expect(
    page.getByText("Um produto criado pelos testes de ponta a ponta para exercitar a Vitrine.").first(),
  ).toBeInViewport()
  await expect(page.getByRole("button", { name: new RegExp(`^Votar em ${product.title}`) })).toBeInViewport()
  await expect(page.getByRole("link", { name: /Visitar Site/ })).toBeInViewport()
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/product-fold-${info.project.name}.png` })
  }
})

test("phone: 'Enviar Produto' floats within reach, votes are 44 px targets, long words wrap", async ({
  page,
}, info) => {
  phoneOnly(info.project.name)
  const owner = await createUser(info, "Dona Palavra")
  const fan = await createUser(info, "Fã Palavra")
  const product = await productOf(info, owner.id, "palavra")
  const long = `Palavra${"a".repeat(70)}${Date.now().toString(36)}`
  await (await adminApi()).collection("products").update(product.id, { title: long })
  await signInViaPage(page, fan.email, fan.password, `/home?search=${encodeURIComponent(long)}`)
  const card = cards(page).filter({ hasText: long })
  await expect(card).toBeVisible()
  const vote = card.getByRole("button", { name: /^Votar em/ })
  await expect
    .poll(async () => {
      const box = await vote.boundingBox()
      return box ? Math.min(box.width, box.height) : 0
    })
    .toBeGreaterThanOrEqual(44)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  await page.goto(`/products/${product.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: long })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  const fab = page.getByRole("link", { name: "Enviar Produto" })
  await expect(fab).toBeInViewport()
  await fab.click()
  await expect(page).toHaveURL(/\/submit$/)
  await expect(page.getByRole("link", { name: "Enviar Produto" })).toHaveCount(0) // not on the form itself
})

test("phone: a compact row keeps its badges on one line; 'Enviar Produto' steps aside while scrolling down", async ({
  page,
}, info) => {
  phoneOnly(info.project.name)
  const owner = await createUser(info, "Dona Selos")
  const fan = await createUser(info, "Fã Selos")
  const product = await productOf(info, owner.id, "selos")
  const pb = await adminApi()
  const [category] = (await pb.collection("categories").getList(1, 1)).items
  if (!category) throw new Error("demo data has no category")
  const tags = (await pb.collection("tags").getList(1, 3)).items
  await pb.collection("products").update(product.id, {
    built_with_lovable: true,
    built_with_epic: true,
    category: category.id,
    tags: tags.map((t) => t.id),
  })
  await signInViaPage(page, fan.email, fan.password, `/home?search=${encodeURIComponent(product.slug)}`)
  const row = cards(page).filter({ hasText: product.title })
  await expect(row.getByText("Feito com Lovable")).toHaveCount(1)
  // category, both badges and the tags would take three lines at this width: the row keeps one
  const box = (await row.boundingBox())!
  expect(box.height).toBeLessThanOrEqual(120)

  await page.goto("/home")
  const fab = page.getByRole("link", { name: "Enviar Produto" })
  await expect(cards(page).nth(8)).toBeVisible()
  await expect(fab).toBeInViewport()
  await page.mouse.wheel(0, 800)
  await expect(fab).not.toBeInViewport() // it would sit on a row's vote button
  await page.mouse.wheel(0, -200)
  await expect(fab).toBeInViewport()
})

test("empty states offer the way out: 'Enviar meu primeiro produto' and 'Limpar filtros'", async ({ page }, info) => {
  const user = await createUser(info, "Sem Produtos")
  await signInViaPage(page, user.email, user.password, "/profile")
  await page.getByRole("tab", { name: /Todos/ }).click()
  await page.getByRole("link", { name: "Enviar meu primeiro produto" }).click()
  await expect(page).toHaveURL(/\/submit$/)

  await page.goto("/home?search=xylofonezzzqqq&lovable=true")
  await expect(page.getByText("Nenhum produto encontrado")).toBeVisible()
  await page.getByRole("button", { name: "Limpar filtros" }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(cards(page).first()).toBeVisible()
})

test("/home says how many it lists, and the filter counts follow the active filters", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the counts are in the desktop sidebar")
  const owner = await createUser(info, "Dona Contagem")
  const product = await productOf(info, owner.id, "contagem") // no category
  await page.goto("/home")
  await expect(page.getByTestId("result-count")).toHaveText(/^(Mais de )?[\d.]+ produtos encontrados$/)
  const categories = page.getByRole("complementary", { name: "Filtros" }).getByRole("list", { name: "Categorias" })
  const counts = () =>
    categories.getByRole("button").evaluateAll((bs) => bs.map((b) => Number(b.textContent!.match(/(\d+)\s*$/)![1])))
  await expect.poll(async () => (await counts()).some((n) => n > 0)).toBe(true)

  await page.goto(`/home?${new URLSearchParams({ search: product.title })}`)
  await expect(page.getByTestId("result-count")).toHaveText(`1 resultado para "${product.title}"`)
  // the one match has no category: every category would list nothing under this search
  await expect.poll(async () => (await counts()).every((n) => n === 0)).toBe(true)
})

test("phone: the feed is a compact list (several products per screen), with the large cards a tap away", async ({
  page,
}, info) => {
  phoneOnly(info.project.name)
  await page.goto("/home")
  const rows = cards(page)
  await expect(rows.nth(3)).toBeVisible()
  const heights = await rows.evaluateAll((els) => els.slice(0, 4).map((el) => el.getBoundingClientRect().height))
  // 844 px tall, the header and the toggle included: at least three products per screen
  for (const h of heights) expect(h).toBeLessThan(844 / 4)
  const view = page.getByRole("group", { name: "Visualização" })
  await expect(view.getByRole("button", { name: "Lista compacta" })).toHaveAttribute("aria-pressed", "true")
  // the header bar keeps 'Vitrine' and 'Entrar' on one line each (they broke as 'Vitrin/e', 'Entra/r')
  for (const part of [
    page.getByRole("link", { name: "Vitrine — início" }),
    page.getByRole("button", { name: "Entrar" }),
  ]) {
    expect((await part.boundingBox())!.height).toBeLessThanOrEqual(44)
  }
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/feed-compact-${info.project.name}.png` })
  }

  await view.getByRole("button", { name: "Cards grandes" }).click()
  await expect.poll(() => rows.first().evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(300)
  await page.reload()
  await expect(view.getByRole("button", { name: "Cards grandes" })).toHaveAttribute("aria-pressed", "true")
  expect(await rows.first().evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(300)
})

/** What the browser does when the app may be installed (Chromium fires it on its own schedule). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const e = new Event("beforeinstallprompt", { cancelable: true })
    Object.assign(e, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: "dismissed" }) })
    window.dispatchEvent(e)
  })
}

test("'Instalar app' never squeezes the header: in the bar from tablet width, in the account menu on a phone", async ({
  page,
}, info) => {
  await page.goto("/home")
  const bar = page.getByRole("navigation", { name: "Conta" })
  const signUp = bar.getByRole("button", { name: "Criar Conta" })
  await expect(signUp).toBeVisible()
  const before = await signUp.boundingBox()
  await offerInstall(page)
  const install = bar.getByRole("button", { name: "Instalar app" })
  if (info.project.name === "phone") {
    await expect(install).toBeHidden()
  } else {
    await expect(install).toBeVisible()
    expect((await install.boundingBox())!.height).toBeLessThanOrEqual(before!.height) // one line
  }
  // nothing already on screen moved (it was a layout shift) nor left the screen
  expect(await signUp.boundingBox()).toEqual(before)
  expect(before!.x + before!.width).toBeLessThanOrEqual(page.viewportSize()!.width)

  if (info.project.name !== "phone") return
  const user = await createUser(info, "Instala Fone")
  await signInViaPage(page, user.email, user.password, "/home")
  await offerInstall(page)
  await page.getByRole("button", { name: "Menu da conta" }).click()
  await expect(page.getByRole("menuitem", { name: "Instalar app" })).toBeVisible()
})
