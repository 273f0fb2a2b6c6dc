// Accessibility of every main screen, phone and desktop: axe-core (WCAG 2.1 A and AA) finds no
// serious or critical violation on the landing page, /home and its filters, the login and signup
// dialogs, a product page with comments and its lightbox, /submit, /profile, /notifications and
// each /admin screen.
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "@playwright/test"
import { adminApi, clientFor, createUser, productOf, signInViaPage } from "./support"

// Each test opens and audits four to eight screens in one go: on a 2-vCPU VM with two browsers
// running, they took 50-66 s, past the 60 s that marks an ordinary test as hung.
test.describe.configure({ timeout: 180_000 })

async function audit(page: Page, screen: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)
  expect(bad, `${screen}: ${bad.join("\n")}`).toEqual([])
}

test("public screens: landing, /home with its filters, the login and signup dialogs", async ({ page }, info) => {
  await page.goto("/")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await audit(page, "landing")

  await page.goto("/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  await audit(page, "/home")

  if (info.project.name === "phone") {
    await page
      .getByRole("button", { name: /Filtros/ })
      .first()
      .click()
    await expect(page.getByRole("dialog")).toBeVisible()
    await audit(page, "filters sheet")
    await page.keyboard.press("Escape")
  }

  await page.getByRole("banner").getByRole("button", { name: "Entrar" }).click()
  await expect(page.getByRole("dialog", { name: "Entrar" })).toBeVisible()
  await audit(page, "login dialog")
  await page.getByRole("dialog").getByRole("button", { name: "Criar Conta" }).click()
  await expect(page.getByRole("dialog", { name: "Criar Conta" })).toBeVisible()
  await audit(page, "signup dialog")
})

test("signed-in screens: product page with comments and lightbox, submit, profile, notifications", async ({
  page,
}, info) => {
  const owner = await createUser(info, "Dona Acessível")
  const fan = await createUser(info, "Fã Acessível")
  const product = await productOf(info, owner.id, "a11y")
  const fanApi = await clientFor(fan.email)
  await fanApi.send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })
  await fanApi
    .collection("comments")
    .create({ product: product.id, user: fan.id, content: "Comentário para a auditoria de acessibilidade." })

  await signInViaPage(page, owner.email, owner.password, `/products/${product.slug}`)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  await expect(page.getByTestId("comment").first()).toBeVisible()
  await audit(page, "product page")
  await page
    .getByRole("button", { name: /Ampliar imagem/ })
    .first()
    .click()
  await expect(page.getByRole("dialog")).toBeVisible()
  await audit(page, "lightbox")
  await page.keyboard.press("Escape")

  for (const [path, heading] of [
    ["/submit", "Enviar Produto"],
    ["/profile", "Meu Perfil"],
    ["/notifications", "Suas Notificações"],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible()
    await audit(page, path)
  }
})

test("staff screens: every /admin page", async ({ page }, info) => {
  const admin = await createUser(info, "Admin Acessível")
  await (await adminApi()).collection("user_roles").create({ user: admin.id, role: "admin" })
  await signInViaPage(page, admin.email, admin.password, "/admin")
  for (const [path, heading] of [
    ["/admin", "Dashboard"],
    ["/admin/products", "Moderação de Produtos"],
    ["/admin/flags", "Denúncias"],
    ["/admin/users", "Usuários"],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(heading) })).toBeVisible()
    await audit(page, path)
  }
})
