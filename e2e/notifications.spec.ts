// Notifications: the bell updates live (realtime) when someone votes or comments on the user's
// product, a click marks it read and opens the product, and the /notifications page.
import { readFile } from "node:fs/promises"
import path from "node:path"
import { expect, test, type TestInfo } from "@playwright/test"
import PocketBase from "pocketbase"
import { adminApi, createUser, expectToast, PASSWORD, signInViaPage } from "./support"

const png = () => readFile(path.join(import.meta.dirname, "../public/icons/icon-192.png"))

async function productOf(testInfo: TestInfo, ownerId: string) {
  const pb = await adminApi()
  const slug = `notif-${testInfo.project.name}-${Date.now().toString(36)}`
  return pb.collection("products").create({
    slug,
    title: `Produto ${slug}`,
    description: "Um produto criado para testar notificações em tempo real na Vitrine.",
    url: "https://exemplo.com.br",
    status: "approved",
    published_at: new Date().toISOString(),
    created_by: ownerId,
    images: [new File([new Uint8Array(await png())], "capa.png", { type: "image/png" })],
  })
}

async function clientFor(email: string) {
  const pb = new PocketBase(process.env.E2E_BASE_URL)
  pb.autoCancellation(false)
  await pb.collection("users").authWithPassword(email, PASSWORD)
  return pb
}

test("a vote and a comment reach the owner's bell live; a click opens the product", async ({ page }, testInfo) => {
  const owner = await createUser(testInfo, "Dona Sino")
  const fan = await createUser(testInfo, "Fã Sino")
  const product = await productOf(testInfo, owner.id)
  await signInViaPage(page, owner.email, owner.password, "/home")
  await expectToast(page, "Login realizado com sucesso!")
  const bell = page.getByRole("button", { name: /^Notificações/ })
  await expect(bell).toBeVisible()
  await expect(page.getByTestId("bell-badge")).toBeHidden()

  const fanApi = await clientFor(fan.email)
  await fanApi.send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })
  await expect(page.getByTestId("bell-badge")).toHaveText("1")
  await fanApi
    .collection("comments")
    .create({ product: product.id, user: fan.id, content: "Adorei a ideia, parabéns pelo produto!" })
  await expect(page.getByTestId("bell-badge")).toHaveText("2")

  await bell.click()
  await expect(page.getByText(`Fã Sino votou em ${product.title}`)).toBeVisible()
  await page.getByText(`Fã Sino comentou em ${product.title}`, { exact: false }).click()
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}#comment-[a-z0-9]{15}$`))
  await expect(page.getByTestId("bell-badge")).toHaveText("1")
})

test("/notifications lists them with tabs; 'Marcar todas como lidas' empties the unread tab", async ({
  page,
}, testInfo) => {
  const owner = await createUser(testInfo, "Dono Lista")
  const fan = await createUser(testInfo, "Fã Lista")
  const product = await productOf(testInfo, owner.id)
  await (await clientFor(fan.email)).send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })

  await signInViaPage(page, owner.email, owner.password, "/notifications")
  await expect(page.getByRole("heading", { name: "Suas Notificações" })).toBeVisible()
  await expect(page.getByRole("tab", { name: "Todas (1)" })).toBeVisible()
  await page.getByRole("tab", { name: "Não Lidas (1)" }).click()
  await page.getByRole("button", { name: "Marcar todas como lidas" }).click()
  await expect(page.getByText("Você está em dia! 🎉")).toBeVisible()
  await expect(page.getByText("Todas as suas notificações foram lidas")).toBeVisible()
  await expect(page.getByTestId("bell-badge")).toBeHidden()
  const stored = await (await adminApi()).collection("notifications").getFullList({ filter: `user = "${owner.id}"` })
  expect(stored.map((n) => n.is_read)).toEqual([true])
})

test("a new user sees the empty states", async ({ page }, testInfo) => {
  const user = await createUser(testInfo, "Sem Notificação")
  await signInViaPage(page, user.email, user.password, "/notifications")
  await expect(page.getByText("Nenhuma notificação ainda")).toBeVisible()
  await expect(page.getByText("Quando alguém interagir com seus produtos, você verá aqui")).toBeVisible()
  await page.getByRole("button", { name: /^Notificações/ }).click()
  await expect(page.getByRole("dialog").or(page.locator("[id^=headlessui-popover-panel]"))).toContainText(
    "Nenhuma notificação ainda",
  )
})
