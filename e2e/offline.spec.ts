// Local-first: pages seen online render offline (listing, product, its picture and comments);
// a vote and a comment made offline are kept (even when the tab closes) and reach the server
// exactly once when the network is back; with two tabs open only one of them sends.
import { expect, test, type BrowserContext } from "@playwright/test"
import { adminApi, controlledBySw, createUser, expectToast, productOf, signInViaPage } from "./support"

const rowsOf = async (collection: string, filter: string) =>
  (await (await adminApi()).collection(collection).getFullList({ filter })).length

/** Counts the vote and comment writes that leave the browser (pages and service worker). */
function countWrites(context: BrowserContext) {
  const seen = { votes: 0, comments: 0 }
  // answered requests only: attempts that failed offline are retries, not writes
  context.on("requestfinished", (r) => {
    if (r.method() === "PUT" && /\/api\/vitrine\/products\/[^/]+\/vote$/.test(r.url())) seen.votes += 1
    if (r.method() === "POST" && r.url().includes("/api/collections/comments/records")) seen.comments += 1
  })
  return seen
}

test("offline: seen pages render; a vote and a comment wait, survive the tab and arrive once", async ({
  page,
  context,
}, info) => {
  test.slow()
  const owner = await createUser(info, "Dona Offline")
  const fan = await createUser(info, "Fã Offline")
  const product = await productOf(info, owner.id, "offline")
  const productPath = `/products/${product.slug}`
  const writes = countWrites(context)

  await signInViaPage(page, fan.email, fan.password, "/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  await controlledBySw(page)
  await page.goto(productPath)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  const cover = page.getByRole("main").locator("img").first()
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await expect(page.getByText("Nenhum comentário ainda. Seja o primeiro a comentar!")).toBeVisible()
  await page.goto("/home")
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/Você está offline/)).toBeVisible()
  await expect(page.getByTestId("product-grid").getByRole("article").first()).toBeVisible()
  await page.goto(productPath)
  await expect(page.getByText(/Você está offline/)).toBeVisible()
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

  // vote and comment offline: kept, shown as pending
  await page.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expectToast(page, "Sem conexão")
  await expect(page.getByRole("button", { name: `Remover voto de ${product.title} (1 voto), pendente` })).toBeVisible()
  const text = "Comentário escrito sem internet, para chegar depois."
  await page.getByPlaceholder("Compartilhe sua opinião sobre este produto...").fill(text)
  await page.getByRole("button", { name: "Comentar" }).click()
  const pendingComment = page.getByTestId("comment").filter({ hasText: text })
  await expect(pendingComment.getByTestId("comment-pending")).toHaveText("pendente")
  await expect(page.getByTestId("outbox-status")).toHaveText("2 ações aguardando envio")
  expect(await rowsOf("votes", `product = "${product.id}"`)).toBe(0)

  // the tab closes while offline; the writes are still on the device
  await page.close()
  await context.setOffline(false)
  const again = await context.newPage()
  await again.goto(productPath)
  // the app start sends what waits, without the backoff the offline attempts built up
  await expect(
    again.getByRole("button", { name: `Remover voto de ${product.title} (1 voto)`, exact: true }),
  ).toBeVisible()
  await expect(again.getByTestId("comment").filter({ hasText: text })).toBeVisible()
  await expect(again.getByTestId("comment-pending")).toHaveCount(0)
  await expect(again.getByTestId("outbox-status")).toHaveCount(0)

  // exactly once on the server, and sent once
  expect(await rowsOf("votes", `product = "${product.id}" && user = "${fan.id}"`)).toBe(1)
  expect(await rowsOf("comments", `product = "${product.id}" && user = "${fan.id}"`)).toBe(1)
  expect((await (await adminApi()).collection("products").getOne(product.id)).vote_count).toBe(1)
  expect(writes).toEqual({ votes: 1, comments: 1 })
})

test("two tabs back online: one of them sends the queued vote, once", async ({ page, context }, info) => {
  const owner = await createUser(info, "Dono Duas Abas")
  const fan = await createUser(info, "Fã Duas Abas")
  const product = await productOf(info, owner.id, "duasabas")
  const productPath = `/products/${product.slug}`
  const writes = countWrites(context)

  await signInViaPage(page, fan.email, fan.password, productPath)
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible()
  await controlledBySw(page)
  const second = await context.newPage()
  await second.goto(productPath)
  await expect(second.getByRole("heading", { level: 1, name: product.title })).toBeVisible()

  await context.setOffline(true)
  await page.getByRole("button", { name: `Votar em ${product.title} (0 votos)` }).click()
  await expectToast(page, "Sem conexão")
  // the other tab sees the queued vote too (IndexedDB is shared)
  await expect(second.getByRole("button", { name: /\(1 voto\), pendente$/ })).toBeVisible()

  await context.setOffline(false) // both tabs hear 'online' and try to flush
  await expect(page.getByTestId("outbox-status")).toHaveCount(0)
  await expect(second.getByTestId("outbox-status")).toHaveCount(0)
  await expect.poll(() => rowsOf("votes", `product = "${product.id}"`)).toBe(1)
  expect(writes.votes).toBe(1)
})
