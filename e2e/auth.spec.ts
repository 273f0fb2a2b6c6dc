import { expect, test } from "@playwright/test"
import { adminApi, createUser, expectToast, mail, pathOf, signInViaPage, uniqueEmail } from "./support"

test.describe("sign-up and sign-in", () => {
  test("sign-up from the header dialog lands on /submit signed in", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "cadastro")
    await page.goto("/home")
    await page.getByRole("button", { name: "Criar Conta" }).click()
    const dialog = page.getByRole("dialog", { name: "Criar Conta" })
    await dialog.getByLabel("Nome").fill("Maria Eduarda")
    await dialog.getByLabel("Email").fill(email)
    await dialog.getByLabel("Senha").fill("curta")
    await dialog.getByRole("button", { name: "Criar Conta" }).click()
    await expectToast(page, "Senha deve ter no mínimo 8 caracteres")

    await dialog.getByLabel("Senha").fill("senha-forte-123")
    await dialog.getByRole("button", { name: "Criar Conta" }).click()
    await expectToast(page, "Conta criada! Enviamos um email de verificação.")
    await expect(page).toHaveURL(/\/submit$/)
    await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible()

    // the same e-mail again is refused with the spec's message
    await page.getByRole("button", { name: "Menu da conta" }).click()
    await page.getByRole("menuitem", { name: "Sair" }).click()
    await page.getByRole("button", { name: "Criar Conta" }).click()
    await dialog.getByLabel("Nome").fill("Outra Pessoa")
    await dialog.getByLabel("Email").fill(email)
    await dialog.getByLabel("Senha").fill("senha-forte-123")
    await dialog.getByRole("button", { name: "Criar Conta" }).click()
    await expectToast(page, "Este email já está cadastrado. Tente fazer login.")
  })

  test("a wrong password says 'Email ou senha incorretos'", async ({ page }, testInfo) => {
    const user = await createUser(testInfo, "Senha Errada")
    await signInViaPage(page, user.email, "nao-e-a-senha")
    await expectToast(page, "Email ou senha incorretos")
    await expect(page).toHaveURL(/\/auth\/login/)
  })

  test("login returns to the product the visitor tried to open", async ({ page }, testInfo) => {
    const user = await createUser(testInfo, "Volta Produto")
    await page.goto("/home")
    const first = page.getByTestId("product-grid").getByRole("article").first()
    await first.getByRole("heading").getByRole("link").click()
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fproducts%2F/)
    const productPath = decodeURIComponent(new URL(page.url()).searchParams.get("returnUrl")!)
    await page.getByLabel("Email").fill(user.email)
    await page.getByLabel("Senha", { exact: true }).fill(user.password)
    await page.getByRole("main").getByRole("button", { name: "Entrar", exact: true }).click()
    await expectToast(page, "Login realizado com sucesso!")
    await expect(page).toHaveURL(new RegExp(`${productPath}$`))
  })

  test("an open-redirect attempt in returnUrl lands on /home", async ({ page, baseURL }, testInfo) => {
    const user = await createUser(testInfo, "Redirect Malicioso")
    await signInViaPage(page, user.email, user.password, "//evil.example/roubar")
    await expectToast(page, "Login realizado com sucesso!")
    // issue 14: the login page's default (and the fallback of a returnUrl not of this site) is /home
    await expect(page).toHaveURL(`${baseURL}/home`)
  })

  test("signed-out visitors are sent away from private pages", async ({ page, baseURL }) => {
    await page.goto("/profile")
    await expect(page).toHaveURL(`${baseURL}/`)
    await page.goto("/admin")
    await expect(page).toHaveURL(`${baseURL}/`)
    await page.goto("/products/qualquer-produto")
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fproducts%2Fqualquer-produto$/)
  })

  test("a plain user may not open /admin; a moderator may", async ({ page, baseURL }, testInfo) => {
    const user = await createUser(testInfo, "Usuario Comum")
    await signInViaPage(page, user.email, user.password)
    await expectToast(page, "Login realizado com sucesso!")
    await page.goto("/admin")
    await expect(page).toHaveURL(`${baseURL}/`)

    const mod = await createUser(testInfo, "Moderadora Nova")
    await (await adminApi()).collection("user_roles").create({ user: mod.id, role: "moderator" })
    await page.evaluate(() => localStorage.clear())
    await signInViaPage(page, mod.email, mod.password, "/admin")
    await expect(page).toHaveURL(/\/admin$/)
  })
})

test.describe("recovery and verification by e-mail", () => {
  test("forgot password: mail, reset, the new password works and the old one fails", async ({ page }, testInfo) => {
    const user = await createUser(testInfo, "Esquecida Silva")
    const since = Date.now()
    await page.goto("/auth/forgot-password")
    await page.getByLabel("Email").fill(user.email)
    await page.getByRole("button", { name: "Enviar Link de Recuperação" }).click()
    await expectToast(page, "Email de recuperação enviado!")
    await expect(page.getByText(user.email)).toBeVisible()
    await expect(page.getByText("O link expira em 1 hora", { exact: false })).toBeVisible()
    await expect(page.getByRole("button", { name: "Enviar novamente" })).toBeVisible()

    const message = await mail({ to: user.email, subject: /senha/i, since })
    const link = message.links.find((l) => l.includes("/auth/reset-password?token="))!
    expect(link).toBeTruthy()
    await page.goto(pathOf(link))
    await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-456")
    await page.getByLabel("Confirme a nova senha").fill("outra-senha-789")
    await page.getByRole("button", { name: "Redefinir senha" }).click()
    await expect(page.getByText("As senhas não coincidem").first()).toBeVisible()
    await page.getByLabel("Confirme a nova senha").fill("nova-senha-456")
    await page.getByRole("button", { name: "Redefinir senha" }).click()
    await expectToast(page, "Senha redefinida com sucesso!")

    await signInViaPage(page, user.email, user.password)
    await expectToast(page, "Email ou senha incorretos")
    await signInViaPage(page, user.email, "nova-senha-456")
    await expectToast(page, "Login realizado com sucesso!")
  })

  test("the dialog variant ends on 'Email Enviado!' with 'Fechar'", async ({ page }, testInfo) => {
    const user = await createUser(testInfo, "Dialogo Recuperar")
    await page.goto("/home")
    await page.getByRole("button", { name: "Entrar" }).click()
    await page.getByRole("dialog").getByRole("button", { name: "Esqueci minha senha" }).click()
    const dialog = page.getByRole("dialog", { name: "Recuperar Senha" })
    await dialog.getByLabel("Email").fill(user.email)
    await dialog.getByRole("button", { name: "Enviar Link de Recuperação" }).click()
    await expect(dialog.getByText("Email Enviado!")).toBeVisible()
    await dialog.getByRole("button", { name: "Fechar", exact: true }).click()
    await expect(dialog).toBeHidden()
  })

  test("the verification link confirms the e-mail", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "verifica")
    const since = Date.now()
    await page.goto("/auth/signup")
    await page.getByLabel("Nome").fill("Vera Ficada")
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Senha").fill("senha-forte-123")
    await page.getByRole("main").getByRole("button", { name: "Criar Conta" }).click()
    await expect(page).toHaveURL(/\/submit$/)

    const message = await mail({ to: email, subject: /confirme/i, since })
    const link = message.links.find((l) => l.includes("/auth/verify-email?token="))!
    await page.goto(pathOf(link))
    await expect(page.getByRole("heading", { name: "Email Verificado!" })).toBeVisible()
    await expect(page.getByRole("link", { name: "Começar" })).toBeVisible()
    const users = await (await adminApi()).collection("users").getFullList({ filter: `email = "${email}"` })
    expect(users[0]?.verified).toBe(true)
  })
})
