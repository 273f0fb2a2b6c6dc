// Notifications: the bell updates live (realtime) when someone votes or comments on the user's
// product, a click marks it read and opens the product, and the /notifications page.
import { expect, test } from "@playwright/test"
import { adminApi, clientFor, createUser, expectToast, productOf, signInViaPage } from "./support"

test("a vote and a comment reach the owner's bell live; a click opens the product", async ({ page }, testInfo) => {
  const owner = await createUser(testInfo, "Dona Sino")
  const fan = await createUser(testInfo, "Fã Sino")
  const product = await productOf(testInfo, owner.id, "notif")
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

test("a vote that lands while the bell's first read is still on its way shows on the bell", async ({
  page,
}, testInfo) => {
  // The bell's first read answered before the vote but is slow to finish (a busy phone saving it
  // for offline). The vote's realtime event must start a new read, not join that stale one.
  const owner = await createUser(testInfo, "Dona Lenta")
  const fan = await createUser(testInfo, "Fã Lenta")
  const product = await productOf(testInfo, owner.id, "notif")
  let releaseFirst = () => {}
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve))
  let reads = 0
  let voted = false
  let readAfterVote = false
  await page.context().route("**/api/collections/notifications/records?*", async (route) => {
    reads++
    if (voted) readAfterVote = true
    if (reads > 1) return route.continue()
    const answer = await route.fetch() // the server's answer now: no notification yet
    await firstHeld
    await route.fulfill({ response: answer })
  })
  const subscribed = page.waitForResponse(
    (r) => r.url().endsWith("/api/realtime") && r.request().method() === "POST" && r.ok(),
  )
  await signInViaPage(page, owner.email, owner.password, "/home")
  await subscribed
  voted = true
  await (await clientFor(fan.email)).send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })
  // within the usual wait, not when the stale read finally gives up (its 20 s limit)
  await expect.poll(() => readAfterVote).toBe(true)
  releaseFirst()
  await expect(page.getByTestId("bell-badge")).toHaveText("1")
})

test("/notifications lists them with tabs; 'Marcar todas como lidas' empties the unread tab", async ({
  page,
}, testInfo) => {
  const owner = await createUser(testInfo, "Dono Lista")
  const fan = await createUser(testInfo, "Fã Lista")
  const product = await productOf(testInfo, owner.id, "notif")
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
