// The push section of the profile and the bell's offer, in states other than a delivered push
// (push.spec.ts): the one-time offer in the bell, staff's moderation switch, a browser that denied
// notifications, and an iPhone outside the installed app. PushManager is stubbed as in push.spec.ts.
import { expect, test } from "@playwright/test"
import { mockSubscription, stubPushManager } from "./push-support"
import { adminApi, clientFor, controlledBySw, createUser, productOf, signInViaPage } from "./support"

test("the bell offers push once to a user with none; the offer leads to the profile section", async ({
  page,
}, testInfo) => {
  const user = await createUser(testInfo, "Sem Push")
  await signInViaPage(page, user.email, user.password, "/home")
  const bell = page.getByRole("button", { name: /^Notificações/ })
  // reaching for the bell fetches what the offer needs; it is shown at an opening that has it
  const counted = page.waitForResponse((r) => r.url().includes("/api/collections/push_subscriptions/records"))
  await bell.focus()
  await (await counted).finished()
  await bell.click()
  const offer = page.getByRole("link", { name: "Ativar notificações no celular" })
  await expect(offer).toBeVisible()
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/push-offer-${testInfo.project.name}.png` })
  }
  await offer.click()
  await expect(page).toHaveURL(/\/profile#notificacoes-push$/)
  await expect(page.getByRole("region", { name: "Notificações push" })).toBeInViewport()
  await bell.click()
  await expect(page.getByText("Nenhuma notificação ainda").first()).toBeVisible()
  await expect(offer).toHaveCount(0) // once
})

test("an offer that arrives after the bell opened does not move the notifications under the finger", async ({
  page,
}, testInfo) => {
  // The CI run where a click on a comment's notification reached the offer instead: the offer was
  // drawn above the list once its answer came, between the aim and the click.
  const owner = await createUser(testInfo, "Dona Oferta")
  const fan = await createUser(testInfo, "Fã Oferta")
  const product = await productOf(testInfo, owner.id, "offer")
  await (await clientFor(fan.email)).send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route("**/api/collections/push_subscriptions/records?*", async (route) => {
    await held
    await route.continue()
  })
  await signInViaPage(page, owner.email, owner.password, "/home")
  await page.getByRole("button", { name: /^Notificações/ }).click()
  const row = page.getByRole("button", { name: new RegExp(`Fã Oferta votou em ${product.title}`) })
  await expect(row).toBeVisible()
  const aimed = await row.boundingBox()
  const answered = page.waitForResponse((r) => r.url().includes("/api/collections/push_subscriptions/records"))
  release()
  await (await answered).finished()
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  await expect(page.getByRole("link", { name: "Ativar notificações no celular" })).toHaveCount(0)
  expect(await row.boundingBox()).toEqual(aimed)
  // the next opening has the answer from the start: the offer is there when the panel opens
  await page.keyboard.press("Escape")
  await expect(row).toBeHidden()
  await page.getByRole("button", { name: /^Notificações/ }).click()
  await expect(page.getByRole("link", { name: "Ativar notificações no celular" })).toBeVisible()
  await row.click()
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`))
})

test("staff turn on moderation pushes from their phone", async ({ page, context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "staff moderate from their phones")
  const origin = new URL(baseURL!).origin
  const mod = await createUser(testInfo, "Moderadora Celular")
  const admin = await adminApi()
  await admin.collection("user_roles").create({ user: mod.id, role: "moderator" })
  await context.grantPermissions(["notifications"], { origin })
  await page.addInitScript(stubPushManager, await mockSubscription())
  await signInViaPage(page, mod.email, mod.password, "/profile")
  await controlledBySw(page)
  const section = page.getByRole("region", { name: "Notificações push" })
  await section.getByRole("button", { name: "Ativar notificações" }).click()
  const moderation = section.getByRole("switch", { name: "Moderação (novos produtos e denúncias)" })
  await expect(moderation).toHaveAttribute("aria-checked", "false") // opt-in
  await moderation.click()
  await expect(moderation).toHaveAttribute("aria-checked", "true")
  await expect
    .poll(
      async () =>
        (await admin.collection("push_preferences").getFullList({ filter: `user = "${mod.id}"` }))[0]?.moderation,
    )
    .toBe(true)
  if (process.env.E2E_SCREENSHOTS) {
    await section.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/push-staff-${testInfo.project.name}.png` })
  }
})

test("permission denied: the section says how to allow notifications", async ({ page }, testInfo) => {
  const user = await createUser(testInfo, "Bloqueia Push")
  await signInViaPage(page, user.email, user.password, "/profile")
  await controlledBySw(page)
  const section = page.getByRole("region", { name: "Notificações push" })
  await expect(section.getByRole("button", { name: "Ativar notificações" })).toBeVisible()
  if (process.env.E2E_SCREENSHOTS) {
    await section.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/push-off-${testInfo.project.name}.png` })
  }
  // no permission granted in this context: Chromium answers the request with "denied"
  await section.getByRole("button", { name: "Ativar notificações" }).click()
  await expect(section.getByText("As notificações estão bloqueadas para o Vitrine neste navegador.")).toBeVisible()
  await expect(section.getByText(/mude Notificações para Permitir/)).toBeVisible()
  if (process.env.E2E_SCREENSHOTS) {
    await section.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/push-denied-${testInfo.project.name}.png` })
  }
})

test("on an iPhone outside the installed app, the section explains 'Adicionar à Tela de Início'", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "a phone rule")
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const user = await createUser(testInfo, "Usa iPhone")
    await signInViaPage(page, user.email, user.password, "/profile")
    const section = page.getByRole("region", { name: "Notificações push" })
    await expect(section.getByText("No iPhone e no iPad, as notificações só funcionam no app instalado.")).toBeVisible()
    await expect(section.getByText("Adicionar à Tela de Início")).toBeVisible()
    await expect(section.getByRole("button", { name: "Ativar notificações" })).toHaveCount(0)
    if (process.env.E2E_SCREENSHOTS) {
      await section.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/push-iphone.png` })
    }
  } finally {
    await context.close()
  }
})
