// Signing up and in on the real server, as a user (or an attacker) meets it: sign-in errors that
// say nothing about which part was wrong, a registered e-mail refused, the password rules in
// Portuguese, distinct usernames under 20 concurrent sign-ups, and avatars checked by their content
// and size. The server is tests/helpers/accounts.ts.
//
// What PocketBase 0.39 answers, as asserted below:
// - wrong password or unknown e-mail: 400 { message: "Failed to authenticate.", data: {} } (the
//   app shows 'Email ou senha incorretos');
// - sign-up with a registered e-mail: 400 with data.email.code "validation_not_unique";
// - a file is checked by its content, not its name or declared type.
// Messages thrown by hooks get a final "." from PocketBase, hence toContain on messages.
import { randomBytes } from "node:crypto"
import type { RecordModel } from "pocketbase"
import { describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { encodePng, makePng } from "../scripts/lib/png.mjs"
import { accountsWithEmail, be, newEmail, pngFile, signIn, signUp, withAccountsBackend } from "./helpers/accounts"
import { PASSWORD } from "./helpers/pocketbase"
import { refusal as rejection } from "./helpers/products"

const m = rules.messages
withAccountsBackend()

describe("sign-in and sign-up errors", () => {
  it("answers a wrong password and an unknown e-mail the same way: 400 'Failed to authenticate.'", async () => {
    const email = newEmail("login")
    await signUp(be.anon(), { email, display_name: "Pessoa Login" })
    const expected = { status: 400, message: "Failed to authenticate.", data: {} }
    expect((await rejection(signIn(email, "senha-errada-123"))).response).toEqual(expected)
    expect((await rejection(signIn(newEmail("ninguem"), PASSWORD))).response).toEqual(expected)
  })

  it("refuses a registered e-mail with validation_not_unique", async () => {
    const email = newEmail("repetido")
    await signUp(be.anon(), { email, display_name: "Primeira Conta" })
    const err = await rejection(signUp(be.anon(), { email, display_name: "Segunda Conta" }))
    expect(err.status).toBe(400)
    expect(err.response.data.email?.code).toBe("validation_not_unique")
    expect(await accountsWithEmail(email)).toBe(1)
  })

  it("refuses sign-up passwords under 8 or over 128 characters, or unconfirmed, in Portuguese", async () => {
    const email = newEmail("fraca")
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ password: "1234567", passwordConfirm: "1234567" }, "password", m.passwordMin],
      [{ password: "a".repeat(129), passwordConfirm: "a".repeat(129) }, "password", m.passwordMax],
      [{ password: "senha-segura-1", passwordConfirm: "senha-segura-2" }, "passwordConfirm", m.passwordsDiffer],
    ]
    for (const [fields, field, message] of cases) {
      const err = await rejection(signUp(be.anon(), { email, display_name: "Senha Fraca", ...fields }))
      expect(err.status, field).toBe(400)
      expect(err.response.data[field]?.message, fields.password).toContain(message)
    }
    expect(await accountsWithEmail(email)).toBe(0)
  })
})

describe("usernames", () => {
  it("gives 20 simultaneous sign-ups with the same name 20 different usernames", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        signUp(be.anon(), { email: `ana-${i}@simultanea.test`, display_name: "Ana Souza Lima" }),
      ),
    )
    const failures = results.flatMap((r) => (r.status === "rejected" ? [JSON.stringify(r.reason?.response)] : []))
    expect(failures).toEqual([])
    const usernames = results.map((r) => (r as PromiseFulfilledResult<RecordModel>).value.username as string)
    expect(new Set(usernames).size).toBe(20)
    for (const u of usernames) expect(u).toMatch(/^ana-souza-lima(-\d+)?$/)
    expect(usernames).toContain("ana-souza-lima")
  })
})

describe("avatar", () => {
  it("checks the real content: a text file named .png with type image/png is refused in Portuguese", async () => {
    const u = await be.user("Avatar Falso")
    const fake = new File(["isto não é uma imagem"], "foto.png", { type: "image/png" })
    const err = await rejection(u.pb.collection("users").update(u.id, { avatar: fake }))
    expect(err.status).toBe(400)
    expect(err.response.data.avatar?.message).toContain(m.avatarType)
    expect((await be.admin.collection("users").getOne(u.id)).avatar).toBe("")

    // also at sign-up (multipart), and no account is made
    const email = newEmail("avatar")
    const atSignUp = await rejection(signUp(be.anon(), { email, display_name: "Avatar Falso", avatar: fake }))
    expect(atSignUp.response.data.avatar?.message).toContain(m.avatarType)
    expect(await accountsWithEmail(email)).toBe(0)
  })

  it("refuses a real PNG over 2 MB in Portuguese", async () => {
    const u = await be.user("Avatar Grande")
    // random pixels do not compress: about 2.4 MB
    const big = encodePng(1000, 800, randomBytes(1000 * 800 * 3))
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024)
    const err = await rejection(u.pb.collection("users").update(u.id, { avatar: pngFile(big, "grande.png") }))
    expect(err.status).toBe(400)
    expect(err.response.data.avatar?.message).toContain(m.avatarSize)
    expect((await be.admin.collection("users").getOne(u.id)).avatar).toBe("")
  })

  it("stores a valid PNG and serves it", async () => {
    const u = await be.user("Avatar Bom")
    const saved = await u.pb.collection("users").update(u.id, { avatar: pngFile(makePng(128, 128, 42), "eu.png") })
    expect(saved.avatar).toMatch(/\.png$/)
    const res = await fetch(be.anon().files.getURL(saved, saved.avatar as string, { thumb: "96x96" }))
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe("image/png")
  })
})
