// LGPD self-service and the privacy page, as a user does it: the footer links /privacidade; on
// /profile 'Baixar meus dados' downloads a JSON of everything the site holds about them and
// 'Excluir minha conta' (with the password) deletes it; an unconfirmed e-mail gets a banner with
// 'Reenviar e-mail de verificação'.
import { readFile } from "node:fs/promises"
import { expect, test } from "@playwright/test"
import { adminApi, createUser, expectToast, mail, signInViaPage } from "./support"

test("the footer leads to /privacidade, in plain Portuguese", async ({ page }) => {
  await page.goto("/home")
  // the listing loads its next page as the footer comes into view, pushing the footer down: scroll
  // to the end of the listing first, as a user does, so that the footer stays where the tap lands
  const footer = page.getByRole("contentinfo")
  const count = page.getByTestId("result-count")
  await expect(count).toHaveText(/\d/)
  const cards = page.getByTestId("product-grid").getByRole("article")
  await expect
    .poll(
      async () => {
        await footer.scrollIntoViewIfNeeded()
        return (await cards.count()) === Number((await count.textContent())?.replace(/\D/g, ""))
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  await footer.getByRole("link", { name: "Privacidade" }).click()
  await expect(page).toHaveURL(/\/privacidade$/)
  await expect(page.getByRole("heading", { level: 1, name: "Privacidade" })).toBeVisible()
  for (const h of ["O que guardamos", "Para quê", "Por quanto tempo", "Seus direitos"])
    await expect(page.getByRole("heading", { level: 2, name: h })).toBeVisible()
})

test("'Baixar meus dados' downloads them; 'Excluir minha conta' removes the account", async ({ page }, info) => {
  const user = await createUser(info, "Titular Dados")
  await signInViaPage(page, user.email, user.password, "/profile")
  const section = page.getByRole("region", { name: "Seus dados" })
  await expect(section).toBeVisible()

  const download = page.waitForEvent("download")
  await section.getByRole("button", { name: "Baixar meus dados" }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe("vitrine-meus-dados.json")
  const data = JSON.parse(await readFile((await file.path())!, "utf8"))
  expect(data.perfil).toMatchObject({ id: user.id, email: user.email, display_name: "Titular Dados" })

  await section.getByRole("button", { name: "Excluir minha conta" }).click()
  const dialog = page.getByRole("dialog", { name: "Excluir minha conta?" })
  await dialog.getByLabel("Digite sua senha para confirmar").fill("senha-errada-123")
  await dialog.getByRole("button", { name: "Excluir minha conta" }).click()
  await expectToast(page, "Senha incorreta. Digite a senha da sua conta para confirmar")
  await dialog.getByLabel("Digite sua senha para confirmar").fill(user.password)
  await dialog.getByRole("button", { name: "Excluir minha conta" }).click()
  await expectToast(page, "Sua conta foi excluída")
  await expect(page).toHaveURL(/\/$/)
  const gone = await (
    await adminApi()
  )
    .collection("users")
    .getOne(user.id)
    .then(
      () => "still there",
      (err: { status: number }) => err.status,
    )
  expect(gone).toBe(404)
})

test("an unconfirmed e-mail: the profile says votes wait and offers to send the e-mail again", async ({
  page,
}, info) => {
  const user = await createUser(info, "Sem Confirmar", { verified: false })
  await signInViaPage(page, user.email, user.password, "/profile")
  const banner = page.getByTestId("verify-email-banner")
  await expect(banner).toContainText("Seus votos e denúncias passam a contar quando você confirmar")
  await banner.getByRole("button", { name: "Reenviar e-mail de verificação" }).click()
  await expectToast(page, "Email de verificação enviado!")
  await mail({ to: user.email, subject: /verif|Confirme/i })
})
