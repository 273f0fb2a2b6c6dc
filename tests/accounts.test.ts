// Accounts, as a user (or an attacker) meets them on the real server: sign-up with the
// verification e-mail and its link, forgot/reset password, sign-in errors, usernames under
// concurrent sign-ups, avatar checks, e-mail privacy, the public maker profile and the username
// availability route. E-mails really travel over SMTP to a local sink (scripts/lib/smtp-sink.mjs).
//
// What PocketBase 0.39 answers, as asserted below:
// - wrong password or unknown e-mail: 400 { message: "Failed to authenticate.", data: {} } (the
//   app shows 'Email ou senha incorretos');
// - sign-up with a registered e-mail: 400 with data.email.code "validation_not_unique";
// - a used or bad reset token: 400 with data.token.code "validation_invalid_token";
// - a file is checked by its content, not its name or declared type.
// Messages thrown by hooks get a final "." from PocketBase, hence toContain on messages.
import { randomBytes } from "node:crypto"
import PocketBase, { ClientResponseError, type RecordModel } from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { freePort } from "../scripts/lib/pb-server.mjs"
import { encodePng, makePng } from "../scripts/lib/png.mjs"
import { PASSWORD, pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"
import { APP_URL, linkWithToken, startBackendWithMail, type MailBackend } from "./helpers/smtp"

const m = rules.messages
let mb: MailBackend
let be: TestBackend
beforeAll(async () => {
  mb = await startBackendWithMail()
  be = mb.be
})
afterAll(async () => {
  await mb?.stop()
})

let n = 0
/** A fresh e-mail address for each account of this file. */
const newEmail = (who: string) => `${who}-${++n}@vitrine.test`

function signUp(pb: PocketBase, fields: Record<string, unknown>) {
  return pb.collection("users").create({ password: PASSWORD, passwordConfirm: PASSWORD, ...fields })
}

async function rejection(p: Promise<unknown>): Promise<ClientResponseError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err, "the request should have been refused").toBeInstanceOf(ClientResponseError)
  return err as ClientResponseError
}

async function accountsWithEmail(email: string) {
  return (await be.admin.collection("users").getList(1, 1, { filter: be.admin.filter("email = {:email}", { email }) }))
    .totalItems
}

const signIn = (email: string, password: string) => be.anon().collection("users").authWithPassword(email, password)

const pngFile = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: "image/png" })

/** The claims of a JWT (not verified: only read to see what the link carries). */
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { exp: number; type: string }

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

describe("e-mail privacy and other people's accounts", () => {
  let alice: { pb: PocketBase; id: string }
  let bob: { pb: PocketBase; id: string }
  let aliceEmail: string
  let aliceUsername: string
  beforeAll(async () => {
    alice = await be.user("Alice Privada")
    bob = await be.user("Bob Curioso")
    const rec = await be.admin.collection("users").getOne(alice.id)
    aliceEmail = rec.email as string
    aliceUsername = rec.username as string
    const product = await be.admin.collection("products").create({
      slug: "produto-da-alice",
      title: "Produto da Alice",
      description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
      url: "https://alice.example.com",
      status: "approved",
      created_by: alice.id,
      images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
    })
    await alice.pb
      .collection("comments")
      .create({ product: product.id, user: alice.id, content: "Comentário da própria Alice." })
  })

  it("never shows another person's e-mail: list, view, filter, expand or maker profile", async () => {
    for (const [who, pb] of [
      ["anonymous", be.anon()],
      ["bob", bob.pb],
    ] as const) {
      const list = await pb.collection("users").getFullList()
      const listed = list.find((u) => u.id === alice.id)
      expect(listed?.username, who).toBe(aliceUsername)
      expect(
        list.filter((u) => u.id !== (who === "bob" ? bob.id : "") && "email" in u),
        who,
      ).toEqual([])
      expect("email" in (await pb.collection("users").getOne(alice.id)), who).toBe(false)
      // filtering by e-mail is refused (no way to test whether an address has an account)
      const byEmail = await pb
        .collection("users")
        .getList(1, 1, { filter: pb.filter("email = {:e}", { e: aliceEmail }) })
        .then(
          () => "answered",
          (err: { status: number }) => err.status,
        )
      expect(byEmail, who).toBe(400)

      const products = await pb
        .collection("products")
        .getFullList({ expand: "created_by", filter: 'slug = "produto-da-alice"' })
      const maker = products[0]?.expand?.created_by as RecordModel | undefined
      expect(maker?.id, who).toBe(alice.id)
      expect("email" in maker!, who).toBe(false)
      const comments = await pb.collection("comments").getFullList({ expand: "user" })
      const author = comments.find((c) => c.user === alice.id)?.expand?.user as RecordModel | undefined
      expect(author?.id, who).toBe(alice.id)
      expect("email" in author!, who).toBe(false)

      const profile = (await pb.send(`/api/vitrine/makers/${aliceUsername}`, {})) as Record<string, unknown>
      expect(profile.id, who).toBe(alice.id)
      expect(JSON.stringify(profile), who).not.toContain(aliceEmail)
    }
    // control: the owner does see her own e-mail, so the checks above could fail
    expect((await alice.pb.collection("users").getOne(alice.id)).email).toBe(aliceEmail)
  })

  it("does not let a user change someone else's account", async () => {
    const before = await be.admin.collection("users").getOne(alice.id)
    const attempts = [
      { display_name: "Alice Hackeada" },
      { username: "alice-hackeada" },
      { avatar: pngFile(makePng(16, 16, 1), "x.png") },
      { password: "senha-do-bob-123", passwordConfirm: "senha-do-bob-123", oldPassword: PASSWORD },
    ]
    for (const body of attempts) {
      const err = await rejection(bob.pb.collection("users").update(alice.id, body))
      expect(err.status, Object.keys(body).join()).toBe(404)
    }
    const after = await be.admin.collection("users").getOne(alice.id)
    expect(after).toEqual(before)
    expect((await signIn(aliceEmail, PASSWORD)).record.id).toBe(alice.id)
  })
})

describe("GET /api/vitrine/makers/{username}", () => {
  const profileOf = async (username: string) => {
    const res = await fetch(`${be.url}/api/vitrine/makers/${encodeURIComponent(username)}`)
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it("returns the public profile with stats over approved products only", async () => {
    const maker = await be.user("Maker Estatístico")
    await maker.pb.collection("users").update(maker.id, { bio: "Faço apps com IA." })
    const fans = await Promise.all(["Fã Um", "Fã Dois", "Fã Três"].map((name) => be.user(name)))
    const product = (slug: string, status: string) =>
      be.admin.collection("products").create({
        slug,
        title: `Produto ${slug}`,
        description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
        url: "https://maker.example.com",
        status,
        created_by: maker.id,
        images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
      })
    const a = await product("estat-a", "approved")
    const b = await product("estat-b", "approved")
    const pending = await product("estat-pendente", "pending")
    const rejected = await product("estat-rejeitado", "rejected")
    // votes: 3 on a, 1 on b; the hidden products carry counts that must not be added
    for (const fan of fans) await fan.pb.collection("votes").create({ product: a.id, user: fan.id })
    await fans[0]!.pb.collection("votes").create({ product: b.id, user: fans[0]!.id })
    await be.admin.collection("products").update(pending.id, { vote_count: 50 })
    await be.admin.collection("products").update(rejected.id, { vote_count: 70 })
    // comments: 2 kept on a, 1 deleted on a, 1 on b; 1 on the pending product
    const comment = (p: string, who: { pb: PocketBase; id: string }) =>
      who.pb.collection("comments").create({ product: p, user: who.id, content: "Muito bom este produto!" })
    await comment(a.id, fans[0]!)
    await comment(a.id, fans[1]!)
    const deleted = await comment(a.id, fans[2]!)
    await fans[2]!.pb.collection("comments").update(deleted.id, { is_deleted: true })
    await comment(b.id, maker)
    await be.admin
      .collection("comments")
      .create({ product: pending.id, user: fans[0]!.id, content: "Comentário num produto pendente." })

    const rec = await be.admin.collection("users").getOne(maker.id)
    const { status, body } = await profileOf(rec.username as string)
    expect(status).toBe(200)
    expect(body).toEqual({
      id: maker.id,
      collectionId: rec.collectionId,
      collectionName: "users",
      username: rec.username,
      display_name: "Maker Estatístico",
      bio: "Faço apps com IA.",
      avatar: "",
      created: rec.created,
      stats: { products: 2, votes: 4, comments: 3, memberSince: rec.created, followers: 0 },
    })
    // case-insensitive
    expect((await profileOf((rec.username as string).toUpperCase())).body.id).toBe(maker.id)
  })

  it("answers 404 'Perfil não encontrado.' for an unknown username", async () => {
    expect(await profileOf("ninguem-aqui")).toEqual({
      status: 404,
      body: { status: 404, message: "Perfil não encontrado.", data: {} },
    })
  })
})

describe("GET /api/vitrine/usernames/{username}/available", () => {
  it("says whether a username is free, counting the caller's own as free", async () => {
    const me = await be.user("Dono Do Nome")
    const other = await be.user("Outro Dono")
    const mine = (await be.admin.collection("users").getOne(me.id)).username as string
    const theirs = (await be.admin.collection("users").getOne(other.id)).username as string
    const available = async (username: string, pb: PocketBase) =>
      (
        (await pb.send(`/api/vitrine/usernames/${encodeURIComponent(username)}/available`, {})) as {
          available: boolean
        }
      ).available

    const anon = be.anon()
    const cases: Array<[string, PocketBase, boolean]> = [
      ["nome-livre_1", anon, true],
      ["NOME-LIVRE_2", anon, true], // saved lowercased, so checked lowercased
      [theirs, anon, false],
      [theirs, me.pb, false],
      [theirs.toUpperCase(), me.pb, false],
      [mine, me.pb, true], // unchanged username: available to its owner
      [mine, anon, false],
      ["ab", anon, false],
      ["x".repeat(21), anon, false],
      ["x".repeat(20), anon, true],
      ["com espaço", anon, false],
      ["ponto.final", anon, false],
    ]
    for (const [username, pb, expected] of cases) {
      expect(await available(username, pb), `${username} (${pb === anon ? "anonymous" : "owner"})`).toBe(expected)
    }
  })
})
