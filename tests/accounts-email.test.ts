// Accounts' e-mails on the real server, followed as a user does: sign-up with the verification
// e-mail and its link (none for an account already verified, and the account made even when no
// mail can go out), and forgot/reset password with its 1-hour link and the password rules. E-mails
// really travel over SMTP to a local sink (tests/helpers/accounts.ts).
//
// What PocketBase 0.39 answers, as asserted below:
// - a used or bad reset token: 400 with data.token.code "validation_invalid_token".
// Messages thrown by hooks get a final "." from PocketBase, hence toContain on messages.
import { describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { freePort } from "../scripts/lib/pb-server.mjs"
import { be, claims, mb, newEmail, signIn, signUp, withAccountsBackend } from "./helpers/accounts"
import { PASSWORD, startBackend } from "./helpers/pocketbase"
import { refusal as rejection } from "./helpers/products"
import { APP_URL, linkWithToken } from "./helpers/smtp"

const m = rules.messages
withAccountsBackend()

describe("sign-up and e-mail verification", () => {
  it("sends a Portuguese verification e-mail whose link to the app verifies the account", async () => {
    const email = newEmail("maria")
    const rec = await signUp(be.anon(), { email, display_name: "Maria Verificada" })
    expect(rec.verified).toBe(false)

    const mail = await mb.sink.waitForMail({ to: email })
    expect(mail.subject).toBe("Confirme seu email no Vitrine")
    expect(mail.html).toContain("Olá, Maria Verificada!")
    expect(mail.text).toContain("Confirmar meu email")
    const { token } = linkWithToken(mail, `${APP_URL}/auth/verify-email?token=`)
    expect(claims(token).type).toBe("verification")

    // what /auth/verify-email does with the token
    expect(await be.anon().collection("users").confirmVerification(token)).toBe(true)
    const session = await signIn(email, PASSWORD)
    expect(session.record.verified).toBe(true)
  })

  it("sends nothing to an account that is already verified (as Google sign-ups are)", async () => {
    const verified = await be.user("Conta Verificada")
    const verifiedEmail = verified.pb.authStore.record!.email as string
    // a sign-up made after it: once its mail has arrived, a mail for the first one would have too
    const sentinel = newEmail("sentinela")
    await signUp(be.anon(), { email: sentinel, display_name: "Sentinela" })
    await mb.sink.waitForMail({ to: sentinel })
    expect((await mb.sink.mails()).filter((mail) => mail.to === verifiedEmail)).toEqual([])
  })

  it("creates the account even when the e-mail cannot be sent", async () => {
    const closedPort = await freePort() // nothing listens there
    const broken = await startBackend({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(closedPort), SMTP_TLS: "false" })
    try {
      const rec = await signUp(broken.anon(), { email: "sem-email@vitrine.test", display_name: "Sem Email" })
      expect(rec.username).toBe("sem-email")
      const session = await broken.anon().collection("users").authWithPassword("sem-email@vitrine.test", PASSWORD)
      expect(session.record.id).toBe(rec.id)
    } finally {
      await broken.stop()
    }
  })
})

describe("forgot and reset password", () => {
  it("e-mails a 1-hour reset link to the app; the new password works, the old one and old sessions do not", async () => {
    const email = newEmail("esqueci")
    await signUp(be.anon(), { email, display_name: "Pessoa Esquecida" })
    const oldSession = be.anon()
    await oldSession.collection("users").authWithPassword(email, PASSWORD)

    expect(await be.anon().collection("users").requestPasswordReset(email)).toBe(true)
    const mail = await mb.sink.waitForMail({ to: email, subject: "Redefina sua senha" })
    expect(mail.subject).toBe("Redefina sua senha do Vitrine")
    expect(mail.text).toContain("O link vale por 1 hora.")
    const { token } = linkWithToken(mail, `${APP_URL}/auth/reset-password?token=`)
    const expiresIn = claims(token).exp - Date.now() / 1000
    expect(expiresIn).toBeGreaterThan(3600 - 60)
    expect(expiresIn).toBeLessThanOrEqual(3600)

    // what /auth/reset-password does
    const NEW = "nova-senha-forte-456"
    expect(await be.anon().collection("users").confirmPasswordReset(token, NEW, NEW)).toBe(true)

    const fresh = await signIn(email, NEW)
    expect(fresh.record.email).toBe(email)
    expect(fresh.record.verified).toBe(true) // the link proved the address (PocketBase's rule)
    expect((await rejection(signIn(email, PASSWORD))).status).toBe(400)
    expect((await rejection(oldSession.collection("users").authRefresh())).status).toBe(401)
    // the link works once
    const reused = await rejection(
      be.anon().collection("users").confirmPasswordReset(token, "outra-senha-789", "outra-senha-789"),
    )
    expect(reused.status).toBe(400)
    expect(reused.response.data.token?.code).toBe("validation_invalid_token")
  })

  it("refuses a short, an over-long or a mismatched new password in Portuguese and changes nothing", async () => {
    const email = newEmail("regras")
    await signUp(be.anon(), { email, display_name: "Regras de Senha" })
    await be.anon().collection("users").requestPasswordReset(email)
    const { token } = linkWithToken(
      await mb.sink.waitForMail({ to: email, subject: "Redefina" }),
      `${APP_URL}/auth/reset-password?token=`,
    )
    const reset = (password: string, confirm: string) =>
      be.anon().collection("users").confirmPasswordReset(token, password, confirm)

    const short = await rejection(reset("1234567", "1234567"))
    expect(short.status).toBe(400)
    expect(short.response.data.password?.message).toContain(m.resetPasswordMin)
    const long = await rejection(reset("a".repeat(129), "a".repeat(129)))
    expect(long.response.data.password?.message).toContain(m.passwordMax)
    const differ = await rejection(reset("nova-senha-123", "nova-senha-124"))
    expect(differ.response.data.passwordConfirm?.message).toContain(m.passwordsDiffer)

    // nothing changed: the old password still signs in and the link is still good
    expect((await signIn(email, PASSWORD)).record.email).toBe(email)
    expect(await reset("nova-senha-123", "nova-senha-123")).toBe(true)
    expect((await signIn(email, "nova-senha-123")).record.email).toBe(email)
  })

  it("accepts passwords of up to 128 characters (beyond bcrypt's 72 bytes), every character counting", async () => {
    const email = newEmail("longa")
    const long = "Çãoé".repeat(20) + "x".repeat(20) // 100 characters, 180 bytes
    await signUp(be.anon(), { email, display_name: "Senha Longa", password: long, passwordConfirm: long })
    const session = await signIn(email, long)
    // bcrypt alone would accept any password sharing the first 72 bytes
    expect((await rejection(signIn(email, long.slice(0, 72)))).status).toBe(400)
    expect((await rejection(signIn(email, long.slice(0, -1) + "y"))).status).toBe(400)

    // change it while signed in (the old password is checked in the same form)
    const pb = be.anon()
    pb.authStore.save(session.token, session.record)
    const max = "z".repeat(127) + "ç"
    await pb.collection("users").update(session.record.id, { oldPassword: long, password: max, passwordConfirm: max })
    expect((await signIn(email, max)).record.email).toBe(email)

    // and through the reset link
    await be.anon().collection("users").requestPasswordReset(email)
    const { token } = linkWithToken(
      await mb.sink.waitForMail({ to: email, subject: "Redefina" }),
      `${APP_URL}/auth/reset-password?token=`,
    )
    const other = "w".repeat(90)
    expect(await be.anon().collection("users").confirmPasswordReset(token, other, other)).toBe(true)
    const afterReset = await signIn(email, other)
    expect(afterReset.record.email).toBe(email)
    expect(afterReset.record.verified).toBe(true) // as the default reset handler does
    expect((await rejection(signIn(email, max))).status).toBe(400)
  })
})
