import { expect, test } from "@playwright/test"
import { controlledBySw, createUser, signInViaPage } from "./support"

test("landing 'Entrar' leads to /home with demo products", async ({ page }) => {
  await page.goto("/")
  await expect(page.getByRole("heading", { level: 1 })).toContainText("construiu")
  await page.getByRole("link", { name: "Entrar", exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole("heading", { name: "Descubra produtos amáveis" })).toBeVisible()
  const cards = page.getByTestId("product-grid").getByRole("article")
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThanOrEqual(6)
  // only approved products are listed, each with its image
  await expect(cards.first().locator("img").first()).toHaveJSProperty("complete", true)
})

test("the header draws the brand mark itself: a page load fetches /favicon.svg once at most (the tab's icon)", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "screen-independent")
  await page.goto("/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  await expect(page.getByRole("link", { name: "Vitrine — início" }).locator("svg")).toBeVisible()
  // (as an <img>, the prerendered first screen's header and then the app's fetched it again)
  const fetches = await page.evaluate(
    () => performance.getEntriesByType("resource").filter((r) => r.name.includes("/favicon.svg")).length,
  )
  expect(fetches).toBeLessThanOrEqual(1)
})

test("the landing page is whole without JavaScript (prerendered), and leads to /home", async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    const page = await ctx.newPage()
    await page.goto("/")
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mostre ao mundo o que você construiu")
    await expect(page.getByRole("link", { name: "Entrar", exact: true })).toHaveAttribute("href", "/home")
    await expect(page.getByRole("link", { name: "Built with Lovable" })).toBeVisible()
  } finally {
    await ctx.close()
  }
})

test("/home paints its first screen before the app's code runs, where the app then draws it", async ({ page }) => {
  const where = async () => ({
    heading: await page.getByRole("heading", { level: 1, name: "Descubra produtos amáveis" }).boundingBox(),
    launches: await page.getByRole("heading", { name: "Lançamentos de hoje" }).boundingBox(),
    sort: await page.getByRole("group", { name: "Ordenar por" }).boundingBox(),
  })
  // the page as the server sends it, none of its scripts run
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.goto("/home")
  await expect(page.getByRole("heading", { level: 1, name: "Descubra produtos amáveis" })).toBeVisible()
  await expect(page.getByRole("status", { name: "Carregando lançamentos de hoje" })).toBeVisible()
  await expect(page.getByRole("status", { name: "Carregando produtos" })).toBeVisible()
  // nobody is known yet: neither the visitor's buttons nor a user's menu; and it takes no input
  await expect(page.getByRole("banner").getByRole("button")).toHaveCount(0)
  await expect(page.locator("#root > [inert]")).toHaveCount(1)
  const before = await where()

  // the app's first render takes its place, at the same spots (today's three launches above)
  await page.unrouteAll()
  await page.reload()
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  await expect(page.getByRole("region", { name: "Lançamentos de hoje" }).getByRole("listitem")).toHaveCount(3)
  await expect(page.locator("[inert]")).toHaveCount(0)
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1)
  expect(await where()).toEqual(before)
})

test("a first visit of /home shows its products, facets and today's launches without asking the API for them", async ({
  browser,
  baseURL,
}, info) => {
  // the facets are checked in the desktop sidebar (a phone keeps them in the closed sheet)
  test.skip(info.project.name !== "desktop", "desktop layout")
  const ctx = await browser.newContext({ baseURL, serviceWorkers: "block" })
  try {
    const page = await ctx.newPage()
    const asked: string[] = []
    page.on("request", (r) => {
      const url = new URL(r.url())
      if (["/api/vitrine/products", "/api/vitrine/facets", "/api/vitrine/ranking"].includes(url.pathname))
        asked.push(url.pathname)
    })
    await page.goto("/home")
    const cards = page.getByTestId("product-grid").getByRole("article")
    await expect(cards.first()).toBeVisible()
    await expect(page.getByRole("complementary", { name: "Filtros" }).getByRole("button").first()).toBeVisible()
    await expect(page.getByRole("heading", { name: "Lançamentos de hoje" })).toBeVisible()
    await expect(page.getByRole("status", { name: "Carregando lançamentos de hoje" })).toHaveCount(0)
    expect(asked).toEqual([])
    // the data came with the page; scrolling still asks for the next one
    await page.getByRole("button", { name: "Carregar mais" }).scrollIntoViewIfNeeded()
    await expect.poll(() => asked.includes("/api/vitrine/products")).toBe(true)
  } finally {
    await ctx.close()
  }
})

test("an unknown route shows the 404 page", async ({ page }) => {
  await page.goto("/esta-pagina-nao-existe")
  await expect(page.getByText("404", { exact: true })).toBeVisible()
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible()
  await page.getByRole("link", { name: "Voltar para o início" }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test("a screen whose code cannot be fetched says so in Portuguese, keeps the header, and opens on 'Recarregar'", async ({
  browser,
  baseURL,
}, info) => {
  test.skip(info.project.name !== "desktop", "screen-independent")
  // no service worker: the chunk is asked of the network (as on a first visit, or in a tab left
  // open across a deployment whose files replaced the ones it names)
  const ctx = await browser.newContext({ baseURL, serviceWorkers: "block" })
  try {
    const page = await ctx.newPage()
    const english: string[] = []
    page.on("console", (m) => {
      if (/Unexpected Application Error/i.test(m.text())) english.push(m.text())
    })
    await page.goto("/home")
    await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
    let unreachable = true
    let asked = 0
    await page.route(/\/assets\/ranking-[A-Za-z0-9_-]{8}\.js$/, (route) => {
      asked += 1
      return unreachable ? route.abort("connectionfailed") : route.continue()
    })
    await page.getByRole("banner").getByRole("link", { name: "Ranking" }).click()
    // one automatic reload (a new deployment names other files), then the message
    await expect(page.getByRole("heading", { name: "Não foi possível abrir esta página" })).toBeVisible()
    await expect(page).toHaveURL(/\/ranking$/)
    expect(asked).toBeGreaterThanOrEqual(2)
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0)
    await expect(page.getByRole("banner").getByRole("link", { name: "Ranking" })).toBeVisible()
    unreachable = false
    await page.getByRole("button", { name: "Recarregar" }).click()
    await expect(page.getByRole("heading", { name: "Não foi possível abrir esta página" })).toHaveCount(0)
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    expect(english).toEqual([])
  } finally {
    await ctx.close()
  }
})

test("/home still renders its listing offline after a reload", async ({ page, context }) => {
  await page.goto("/home")
  const cards = page.getByTestId("product-grid").getByRole("article")
  await expect(cards.first()).toBeVisible()
  await controlledBySw(page) // may reload: the titles are read from the last online load
  // the whole first page (the demo data alone fills it), not only the first screen's cards, which
  // a page opened or reloaded at its top draws first
  await expect(cards).toHaveCount(24)
  const titles = await cards.getByRole("heading").allTextContents()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole("status").filter({ hasText: "Você está offline" })).toBeVisible()
  await expect(cards.first()).toBeVisible()
  await expect(cards.getByRole("heading")).toHaveText(titles)
  await context.setOffline(false)
})

test("the app runs under its Content-Security-Policy without a single violation", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "screen-independent")
  const violations: string[] = []
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
  })
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`),
    )
  })
  const response = await page.goto("/")
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'")
  await page.goto("/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  const user = await createUser(info, "Pessoa CSP")
  await signInViaPage(page, user.email, user.password, "/submit")
  await page.getByLabel("Imagens do produto").setInputFiles("public/icons/icon-192.png")
  await expect(page.getByRole("img", { name: "Imagem 1" })).toBeVisible()
  await page.goto("/home")
  await page.getByTestId("product-grid").getByRole("article").first().getByRole("heading").getByRole("link").click()
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(violations).toEqual([])
})
