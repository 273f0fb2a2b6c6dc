// Discovery (/home), category and tag listings, read-only against the seeded demo data. Both
// projects share one backend where other specs may add products, so expected counts come from the
// facets route, never from constants.
import { expect, test, type Locator, type Page } from "@playwright/test"

interface Facet {
  id: string
  name: string
  count: number
}

async function facets(page: Page): Promise<{ categories: Facet[]; tags: Facet[] }> {
  const res = await page.request.get(`${process.env.E2E_BASE_URL}/api/vitrine/facets`)
  expect(res.ok()).toBe(true)
  return res.json()
}

const cards = (page: Page) => page.getByTestId("product-grid").getByRole("article")
const titles = (page: Page) => cards(page).getByRole("heading").allTextContents()

/** The filters: the sidebar on desktop, the sheet (opened here) on phones. */
async function filters(page: Page): Promise<Locator> {
  if (test.info().project.name === "phone") {
    await page.getByRole("button", { name: "Filtros" }).click()
    const sheet = page.getByRole("dialog", { name: "Filtros" })
    await expect(sheet).toBeVisible()
    return sheet
  }
  return page.getByRole("complementary", { name: "Filtros" })
}

async function closeFilters(page: Page) {
  if (test.info().project.name === "phone") {
    await page.getByRole("button", { name: "Ver produtos" }).click()
    await expect(page.getByRole("dialog")).toBeHidden()
  }
}

/** Waits until the grid shows exactly `n` cards (the listing has settled on the new view). */
async function expectCards(page: Page, n: number) {
  await expect(cards(page)).toHaveCount(n)
}

const searchBox = (page: Page) =>
  page.getByRole("searchbox", { name: "Buscar produtos" }).filter({ visible: true }).first()

test("browse /home: title, default sort, cards and the filter sections open", async ({ page }) => {
  await page.goto("/home")
  await expect(page.getByRole("heading", { level: 1, name: "Descubra produtos amáveis" })).toBeVisible()
  await expect(page.getByText("criados pela comunidade")).toBeVisible()
  await expect(page.getByRole("button", { name: "Recentes" })).toHaveAttribute("aria-pressed", "true")
  await expect(cards(page).first()).toBeVisible()
  expect(await cards(page).count()).toBeGreaterThanOrEqual(6)
  const panel = await filters(page)
  await expect(panel.getByRole("switch", { name: "Mostrar apenas produtos Lovable" })).toBeVisible()
  await expect(panel.getByRole("switch", { name: "Mostrar apenas produtos EPIC" })).toBeVisible()
  await expect(panel.getByRole("list", { name: "Categorias" })).toBeVisible()
  await expect(panel.getByRole("list", { name: "Tags" })).toBeVisible()
})

test("filter by category and tag; selecting again clears; Limpar clears all", async ({ page }) => {
  const { categories, tags } = await facets(page)
  const educacao = categories.find((c) => c.name === "Educação")!
  const jogos = tags.find((t) => t.name === "jogos")!
  await page.goto("/home")
  await expect(cards(page).first()).toBeVisible()

  let panel = await filters(page)
  await panel.getByRole("button", { name: /^Educação/ }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]category=${educacao.id}`))
  await closeFilters(page)
  await expectCards(page, educacao.count)
  for (const card of await cards(page).all())
    await expect(card.getByRole("link", { name: "Educação", exact: true })).toBeVisible()

  panel = await filters(page)
  await expect(panel.getByRole("button", { name: /^Educação/ })).toHaveAttribute("aria-pressed", "true")
  await panel.getByRole("button", { name: /^Educação/ }).click()
  await expect(page).not.toHaveURL(/category=/)

  await panel.getByRole("button", { name: /^#jogos/ }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${jogos.id}`))
  await closeFilters(page)
  await expectCards(page, jogos.count)
  for (const card of await cards(page).all())
    await expect(card.getByRole("link", { name: "#jogos", exact: true })).toBeVisible()

  panel = await filters(page)
  await panel.getByRole("button", { name: /^#jogos/ }).click()
  await expect(page).not.toHaveURL(/tag=/)

  await panel.getByRole("switch", { name: "Mostrar apenas produtos EPIC" }).click()
  await panel.getByRole("button", { name: /^Educação/ }).click()
  await expect(page).toHaveURL(/epic=true/)
  await expect(page).toHaveURL(/category=/)
  await page.getByRole("button", { name: "Limpar" }).filter({ visible: true }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test("the Lovable toggle keeps only Lovable products", async ({ page }) => {
  await page.goto("/home")
  await expect(cards(page).first()).toBeVisible()
  // the feed holds products without the badge (other tests add Lovable ones: how many is theirs)
  const others = cards(page).filter({ hasNotText: "Feito com Lovable" })
  expect(await others.count()).toBeGreaterThan(0)
  const panel = await filters(page)
  const toggle = panel.getByRole("switch", { name: "Mostrar apenas produtos Lovable" })
  await toggle.click()
  await expect(toggle).toHaveAttribute("aria-checked", "true")
  await expect(page).toHaveURL(/[?&]lovable=true/)
  await closeFilters(page)
  await expect(others).toHaveCount(0)
  await expect(cards(page).first()).toBeVisible()
  for (const card of await cards(page).all()) await expect(card.getByText("Feito com Lovable")).toBeVisible()
})

test("sort by top puts the most voted first; Recentes drops sort from the URL", async ({ page }) => {
  await page.goto("/home")
  await expect(cards(page).first()).toBeVisible()
  await page.getByRole("button", { name: "Mais votados" }).click()
  await expect(page).toHaveURL(/[?&]sort=top/)
  await expect(page.getByRole("button", { name: "Mais votados" })).toHaveAttribute("aria-pressed", "true")
  const votes = async () => (await cards(page).getByTestId("vote-count").allTextContents()).map((t) => Number(t.trim()))
  await expect
    .poll(async () => {
      const v = await votes()
      return v.length > 0 && v.every((n, i) => i === 0 || n <= v[i - 1]!)
    })
    .toBe(true)
  const v = await votes()
  expect(v[0]).toBe(Math.max(...v))

  await page.getByRole("button", { name: "Recentes" }).click()
  await expect(page).not.toHaveURL(/sort=/)
})

test("search ignores accents and finds word variants", async ({ page }) => {
  await page.goto("/home")
  await expect(cards(page).first()).toBeVisible()
  await searchBox(page).fill("educacao")
  await expect(page).toHaveURL(/[?&]search=educacao/)
  await expect(cards(page).filter({ hasText: "Educação" }).first()).toBeVisible()
  await expect.poll(async () => (await titles(page)).some((t) => t.includes("Educação"))).toBe(true)

  await searchBox(page).fill("aplicativos")
  await expect(page).toHaveURL(/[?&]search=aplicativos/)
  await expect
    .poll(async () => {
      const texts = await cards(page).allTextContents()
      return texts.length > 0 && texts.every((t) => /aplicativo/i.test(t))
    })
    .toBe(true)

  await searchBox(page).fill("zzzz-nada-assim")
  await expect(page.getByText("Nenhum produto encontrado")).toBeVisible()
  await expect(page.getByText("Tente ajustar os filtros ou seja o primeiro a enviar um produto!")).toBeVisible()
})

test("the URL reproduces the view after a reload, and back/forward walk the filters", async ({ page }) => {
  const { categories, tags } = await facets(page)
  const saude = categories.find((c) => c.name === "Saúde")!
  const ia = tags.find((t) => t.name === "ia")!
  await page.goto("/home")
  await expect(cards(page).first()).toBeVisible()

  let panel = await filters(page)
  await panel.getByRole("button", { name: /^Saúde/ }).click()
  await expect(page).toHaveURL(new RegExp(`category=${saude.id}`))
  await closeFilters(page)
  await expectCards(page, saude.count)
  const saudeTitles = await titles(page)

  panel = await filters(page)
  await panel.getByRole("button", { name: /^#ia/ }).click()
  await expect(page).toHaveURL(new RegExp(`tag=${ia.id}`))
  await closeFilters(page)
  // the list by votes has arrived (before it, the tag's list by date may still show, then a
  // skeleton with 0 cards: a CI run read the titles in between and got none)
  const byVotes = page.waitForResponse(
    (r) => r.url().includes("/api/vitrine/products?") && r.url().includes("sort=top"),
  )
  await page.getByRole("button", { name: "Mais votados" }).click()
  await expect(page).toHaveURL(/sort=top/)
  await byVotes
  // the narrowed list is in (a skeleton has 0 cards, the previous list saude.count)
  await expect
    .poll(async () => {
      const n = await cards(page).count()
      return n > 0 && n < saude.count
    })
    .toBe(true)
  const view = await titles(page)
  const url = page.url()

  await page.reload()
  expect(page.url()).toBe(url)
  await expect(page.getByRole("button", { name: "Mais votados" })).toHaveAttribute("aria-pressed", "true")
  await expect.poll(() => titles(page)).toEqual(view)

  await page.goBack() // sort
  await expect(page).not.toHaveURL(/sort=/)
  await page.goBack() // tag
  await expect(page).not.toHaveURL(/tag=/)
  await expect.poll(() => titles(page)).toEqual(saudeTitles)
  await page.goForward()
  await expect(page).toHaveURL(new RegExp(`tag=${ia.id}`))
})

test("category page: breadcrumb, name, count text and its own filters", async ({ page }) => {
  const { categories } = await facets(page)
  const educacao = categories.find((c) => c.name === "Educação")!
  const single = categories.find((c) => c.count === 1)
  // other tests add products of their own: the filtered listing always has an Educação card
  await page.goto(`/home?category=${educacao.id}`)
  await cards(page).getByRole("link", { name: "Educação", exact: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`/categories/${educacao.id}$`))
  await expect(page.getByRole("heading", { level: 1, name: "Educação" })).toBeVisible()
  const crumbs = page.getByRole("navigation", { name: "Trilha de navegação" })
  await expect(crumbs.getByRole("link", { name: "Início" })).toHaveAttribute("href", "/home")
  await expect(page.getByText(`${educacao.count} produtos encontrados`)).toBeVisible()
  await expectCards(page, educacao.count)

  await page.getByRole("button", { name: "Mais votados" }).click()
  await expect(page).toHaveURL(/sort=top/)

  if (single) {
    await page.goto(`/categories/${single.id}`)
    await expect(page.getByText("1 produto encontrado", { exact: true })).toBeVisible()
    await expectCards(page, 1)
  }

  await page.goto("/categories/nao-existe")
  await expect(page.getByRole("heading", { name: "Categoria não encontrada" })).toBeVisible()
  await page.getByRole("link", { name: "Voltar para o início" }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test("tag page: #name title and count text", async ({ page }) => {
  const { tags } = await facets(page)
  const ia = tags.find((t) => t.name === "ia")!
  const single = tags.find((t) => t.count === 1)
  await page.goto(`/home?tag=${ia.id}`)
  await cards(page).getByRole("link", { name: "#ia", exact: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`/tags/${ia.id}$`))
  await expect(page.getByRole("heading", { level: 1, name: "#ia" })).toBeVisible()
  await expect(page.getByText(`${ia.count} produtos encontrados`)).toBeVisible()
  await expectCards(page, ia.count)

  if (single) {
    await page.goto(`/tags/${single.id}`)
    await expect(page.getByRole("heading", { level: 1, name: `#${single.name}` })).toBeVisible()
    await expect(page.getByText("1 produto encontrado", { exact: true })).toBeVisible()
  }

  await page.goto("/tags/nao-existe")
  await expect(page.getByRole("heading", { name: "Tag não encontrada" })).toBeVisible()
})

test("more products load past the first 24 as the user scrolls, without duplicates", async ({ page }) => {
  const { categories } = await facets(page)
  // every approved product has at most one category; some have none, so this is a lower bound
  const atLeast = categories.reduce((n, c) => n + c.count, 0)
  test.skip(atLeast <= 24, "needs more than one page of approved products")
  await page.goto("/home")
  await expectCards(page, 24)
  await expect(page.getByRole("button", { name: "Carregar mais" })).toBeVisible()

  await page.getByRole("button", { name: "Carregar mais" }).scrollIntoViewIfNeeded()
  await expect.poll(() => cards(page).count()).toBeGreaterThan(24)
  // other tests may have added pages of their own: scroll on until the listing ends
  const more = page.getByRole("button", { name: /Carregar mais|Carregando/ })
  await expect
    .poll(
      async () => {
        // the last page may remove the button between the count and the scroll: without a short
        // timeout the scroll would wait for it until the test's own timeout (a CI failure)
        if ((await more.count()) > 0) await more.scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => {})
        return more.count()
      },
      { timeout: 30_000 },
    )
    .toBe(0)
  const all = await titles(page)
  expect(all.length).toBeGreaterThanOrEqual(atLeast)
  expect(new Set(all).size).toBe(all.length)
})
