// Abuse resistance on a normally booted server (no RATE_LIMITS=off, unlike every other suite): one
// account cannot flood the site (products, comments, reports, vote toggles, views), one network
// cannot mass-create accounts or mail-bomb an address, and failed logins are limited per account
// so an attacker behind a shared address cannot lock the others out. Each refusal is a 429 in
// Portuguese saying when to try again, and leaves nothing behind. The normal boot is `npm start`'s:
// RATE_LIMITS unset in PocketBase's environment (checked in the process itself); and the suites'
// opt-out (tests/helpers/pocketbase.ts, RATE_LIMITS=off) really turns every limit off.
import { readFileSync } from "node:fs"
import PocketBase, { ClientResponseError } from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import { startPocketBase, type PocketBaseServer } from "../scripts/lib/pb-server.mjs"
import { startSmtpSink, type SmtpSink } from "../scripts/lib/smtp-sink.mjs"
import { startBackend } from "./helpers/pocketbase"
import { images, submitProduct } from "./helpers/products"

const SUPERUSER = { email: "root@limites.test", password: "superuser-limites-123" }
const PASSWORD = "senha-limites-123"
const usage = rules.limits.usage
let server: PocketBaseServer
let sink: SmtpSink
let admin: PocketBase
let n = 0
// `npm start` does not set RATE_LIMITS; neither may the environment this suite runs in
const inherited = process.env.RATE_LIMITS

const client = () => {
  const pb = new PocketBase(server.url)
  pb.autoCancellation(false)
  return pb
}

/** A verified user (made by the superuser: no sign-up limit spent) and a client signed in as them. */
async function user(name: string) {
  n += 1
  const email = `limite-${n}@limites.test`
  const rec = await admin
    .collection("users")
    .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, display_name: name, verified: true })
  const pb = await admin.collection("users").impersonate(rec.id, 3600)
  pb.autoCancellation(false)
  return { pb, id: rec.id, email }
}

async function approvedProduct(ownerId: string) {
  n += 1
  return admin.collection("products").create({
    slug: `limite-${n}`,
    title: `Produto limite ${n}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: ownerId,
    images: [images.png()],
  })
}

/** The outcome of a request: "ok", or the status, and for 429 its message. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return "ok"
  } catch (err) {
    if (!(err instanceof ClientResponseError)) throw err
    return err.status === 429 ? `429 ${err.message}` : String(err.status)
  }
}

const rows = async (collection: string, filter: string) =>
  (await admin.collection(collection).getFullList({ filter })).length

/** RATE_LIMITS as the running PocketBase process sees it (undefined: not set). */
function rateLimitsOf(pb: PocketBaseServer): string | undefined {
  const environ = readFileSync(`/proc/${pb.child.pid}/environ`, "utf8").split("\0")
  return environ.find((v) => v.startsWith("RATE_LIMITS="))?.slice("RATE_LIMITS=".length)
}

beforeAll(async () => {
  delete process.env.RATE_LIMITS
  sink = await startSmtpSink()
  // a normal boot: the environment of `npm start`, plus the mail sink
  server = await startPocketBase({ superuser: SUPERUSER, env: { ...sink.env, APP_URL: "https://vitrine.test" } })
  admin = client()
  await admin.collection("_superusers").authWithPassword(SUPERUSER.email, SUPERUSER.password)
})
afterAll(async () => {
  await server?.stop()
  await sink?.stop()
  if (inherited !== undefined) process.env.RATE_LIMITS = inherited
})

describe("a normal boot has every limit on", () => {
  it("PocketBase's own limits are on, and ours refuse the 6th product of the day", async () => {
    expect(rateLimitsOf(server)).toBeUndefined()
    const settings = await admin.settings.getAll()
    expect(settings.rateLimits.enabled).toBe(true)
    const maker = await user("Maker Normal")
    for (let i = 0; i < usage.product[0]!.max; i++) expect(await outcome(submitProduct(maker.pb))).toBe("ok")
    const res = await fetch(`${server.url}/api/vitrine/products`, {
      method: "POST",
      headers: { Authorization: maker.pb.authStore.token },
      body: (await import("./helpers/products")).productForm(),
    })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(80_000)
    expect((await res.json()).message).toBe(
      "Você já enviou 5 produtos nas últimas 24 horas. Tente novamente em 24 horas.",
    )
    expect(await rows("products", `created_by = "${maker.id}"`)).toBe(5)
  })

  it("the suites' opt-out (startBackend: RATE_LIMITS=off) turns both off: the 6th product is stored", async () => {
    const be = await startBackend()
    try {
      expect(rateLimitsOf(be.server)).toBe("off")
      expect((await be.admin.settings.getAll()).rateLimits.enabled).toBe(false)
      const maker = await be.user("Maker Sem Limite")
      for (let i = 0; i <= usage.product[0]!.max; i++) expect(await outcome(submitProduct(maker.pb))).toBe("ok")
      const stored = await be.admin.collection("products").getFullList({ filter: `created_by = "${maker.id}"` })
      expect(stored).toHaveLength(usage.product[0]!.max + 1)
    } finally {
      await be.stop()
    }
  })
})

describe("per account", () => {
  it("20 submissions at once: exactly 5 stored (the check and its row commit together)", async () => {
    const maker = await user("Maker Pressa")
    const results = await Promise.all(Array.from({ length: 20 }, () => outcome(submitProduct(maker.pb))))
    expect(results.filter((r) => r === "ok")).toHaveLength(5)
    expect(results.filter((r) => r.startsWith("429 Você já enviou 5 produtos"))).toHaveLength(15)
    expect(await rows("products", `created_by = "${maker.id}"`)).toBe(5)
  })

  it("comments: 10 a minute; the 11th is refused and the counter equals the rows", async () => {
    const owner = await user("Dona Comentada")
    const fan = await user("Fã Falante")
    const p = await approvedProduct(owner.id)
    const comment = (i: number) =>
      fan.pb.collection("comments").create({ product: p.id, user: fan.id, content: `Comentário número ${i} aqui.` })
    for (let i = 0; i < 10; i++) expect(await outcome(comment(i))).toBe("ok")
    expect(await outcome(comment(10))).toMatch(
      /^429 Você comentou muitas vezes em pouco tempo \(10 em 1 minuto\(s\)\)\. Tente novamente em (1 minuto|\d+ segundos)\.$/,
    )
    expect(await rows("comments", `user = "${fan.id}"`)).toBe(10)
    expect((await admin.collection("products").getOne(p.id)).comment_count).toBe(10)
  })

  it("reports: 20 a day", async () => {
    const owner = await user("Dono Denunciado")
    const reporter = await user("Denunciante Incansável")
    const products = []
    for (let i = 0; i < 21; i++) products.push(await approvedProduct(owner.id))
    const report = (productId: string) =>
      reporter.pb.collection("flags").create({
        target_type: "product",
        product: productId,
        reporter: reporter.id,
        reason: "Conteúdo enganoso, não faz o que promete.",
      })
    for (const p of products.slice(0, 20)) expect(await outcome(report(p.id))).toBe("ok")
    expect(await outcome(report(products[20]!.id))).toMatch(
      /^429 Você já fez 20 denúncias hoje\. Tente novamente em 24 horas\.$/,
    )
    expect(await rows("flags", `reporter = "${reporter.id}"`)).toBe(20)
  })

  it("vote toggles: 60 a minute", async () => {
    const owner = await user("Dona Votada")
    const fan = await user("Fã Indeciso")
    const p = await approvedProduct(owner.id)
    const toggle = (i: number) =>
      fan.pb.send(`/api/vitrine/products/${p.id}/vote`, { method: i % 2 === 0 ? "PUT" : "DELETE" })
    for (let i = 0; i < 60; i++) expect(await outcome(toggle(i))).toBe("ok")
    expect(await outcome(toggle(60))).toMatch(/^429 Você votou e desvotou muitas vezes em pouco tempo\./)
    expect((await admin.collection("products").getOne(p.id)).vote_count).toBe(0)
  })

  it("views and clicks count once per user and product per hour (300 views raised the count by 300)", async () => {
    const owner = await user("Dona Vista")
    const fan = await user("Fã Curioso")
    const other = await user("Outro Curioso")
    const p = await approvedProduct(owner.id)
    const views = await Promise.all(
      Array.from({ length: 100 }, () => fan.pb.send(`/api/vitrine/products/${p.id}/view`, { method: "POST" })),
    )
    expect(views.every((v) => v.view_count === 1)).toBe(true)
    expect((await other.pb.send(`/api/vitrine/products/${p.id}/view`, { method: "POST" })).view_count).toBe(2)
    for (let i = 0; i < 5; i++) await fan.pb.send(`/api/vitrine/products/${p.id}/click`, { method: "POST" })
    expect((await admin.collection("products").getOne(p.id)).click_count).toBe(1)
  })
})

describe("per network and per address", () => {
  it("sign-up: 5 an hour from one address", async () => {
    const signUp = (i: number) =>
      client()
        .collection("users")
        .create({
          email: `cadastro-${i}-${Date.now()}@limites.test`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          display_name: `Cadastro ${i}`,
        })
    const results = []
    for (let i = 0; i < 6; i++) results.push(await outcome(signUp(i)))
    expect(results.slice(0, 5)).toEqual(["ok", "ok", "ok", "ok", "ok"])
    expect(results[5]).toMatch(/^429 Muitas contas criadas a partir desta rede\. Tente novamente em \d+ minutos\.$/)
  })

  it("password-reset and verification e-mails: 3 an hour per address", async () => {
    const u = await user("Caixa Cheia")
    const reset = () => client().collection("users").requestPasswordReset(u.email)
    for (let i = 0; i < 3; i++) expect(await outcome(reset())).toBe("ok")
    expect(await outcome(reset())).toMatch(/^429 Já enviamos 3 emails para este endereço na última hora\./)
    const unverified = await admin.collection("users").create({
      email: `nao-verificado-${Date.now()}@limites.test`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      display_name: "Sem Verificar",
    })
    const verify = () => client().collection("users").requestVerification(unverified.email)
    // the sign-up already sent one
    for (let i = 0; i < 2; i++) expect(await outcome(verify())).toBe("ok")
    expect(await outcome(verify())).toMatch(/^429 Já enviamos 3 emails/)
  })

  it("failed logins lock the account from this address, not the others behind it", async () => {
    const victim = await user("Conta Atacada")
    const neighbour = await user("Vizinha de Rede")
    const login = (email: string, password: string) => client().collection("users").authWithPassword(email, password)
    for (let i = 0; i < 10; i++) expect(await outcome(login(victim.email, "senha-errada-123"))).not.toBe("ok")
    // the same address, another account, the right password: in (it got 429 after 10 failures)
    expect(await outcome(login(neighbour.email, PASSWORD))).toBe("ok")
    // the attacked account, from this address: even the right password waits
    expect(await outcome(login(victim.email, PASSWORD))).toMatch(
      /^429 Muitas tentativas de login nesta conta\. Tente novamente em \d+ minutos\.$/,
    )
  })
})
