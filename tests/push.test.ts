// Web push end to end, with real parts only: the PocketBase binary with the project's hooks, the
// push worker as its own Node process (scripts/push-worker.mjs), and a local HTTPS push service
// (scripts/lib/mock-push-service.mjs) whose CA the worker trusts through NODE_EXTRA_CA_CERTS and
// which checks the VAPID JWT and decrypts every aes128gcm payload with the subscriber's keys.
import { readFile, stat } from "node:fs/promises"
import path from "node:path"
import type PocketBase from "pocketbase"
import type { RecordModel } from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startMockPushService, type MockPushService, type Subscription } from "../scripts/lib/mock-push-service.mjs"
import { startPushWorkerProcess, type PushWorkerProcess } from "../scripts/lib/push-worker-process.mjs"
import { pngBlob, startBackend, SUPERUSER, type TestBackend } from "./helpers/pocketbase"
import { fieldMessage, refusal, submitProduct } from "./helpers/products"

type User = { pb: PocketBase; id: string }

let be: TestBackend
let mock: MockPushService
let worker: PushWorkerProcess | null = null
let seq = 0

async function startWorker() {
  worker = await startPushWorkerProcess({
    url: be.url,
    dataDir: be.server.dataDir,
    superuser: SUPERUSER,
    // a short lease, so jobs of a killed worker come back within the test's patience
    env: { NODE_EXTRA_CA_CERTS: mock.caFile, PUSH_SCAN_SECONDS: "1", PUSH_LEASE_SECONDS: "3" },
  })
}
async function stopWorker() {
  await worker?.stop()
  worker = null
}

beforeAll(async () => {
  mock = await startMockPushService()
  be = await startBackend({ PUSH_ALLOWED_ORIGINS: mock.origin })
  await startWorker() // generates DATA_DIR/.vapid.json on its first start
  const vapid = JSON.parse(await readFile(path.join(be.server.dataDir, ".vapid.json"), "utf8"))
  mock.expectKey(vapid.publicKey)
})
afterAll(async () => {
  await stopWorker()
  await be?.stop()
  await mock?.stop()
})

/** Polls `read` until `ok` holds (no fixed sleeps), or fails with the last value. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last = await read()
  while (!ok(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, 50))
    last = await read()
  }
  return last
}

async function product(ownerId: string): Promise<RecordModel> {
  seq += 1
  return be.admin.collection("products").create({
    slug: `push-${seq}-${Date.now().toString(36)}`,
    title: `Produto Push ${seq}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: ownerId,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
}

/** A browser (the mock plays it) subscribed for `user`, stored through the collections API. */
async function device(user: User, label = "aparelho"): Promise<Subscription> {
  const sub = mock.subscribe(label)
  await user.pb
    .collection("push_subscriptions")
    .create({ user: user.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
  return sub
}

const vote = (pb: PocketBase, productId: string) =>
  pb.send(`/api/vitrine/products/${productId}/vote`, { method: "PUT" })
const comment = (u: User, productId: string, content = "Que produto bacana, parabéns pelo trabalho!", parent = "") =>
  u.pb.collection("comments").create({ product: productId, user: u.id, content, parent })
const jobsOf = (userId: string) =>
  be.admin.collection("push_jobs").getFullList({ filter: `user = "${userId}"`, sort: "created" })
const allSettled = (jobs: RecordModel[]) => jobs.every((j) => j.status !== "pending")
const setPreferences = (u: User, prefs: Record<string, boolean>) =>
  u.pb.send("/api/vitrine/push/preferences", { method: "PUT", body: prefs })

describe("VAPID keys and configuration", () => {
  it("generates the keys once into DATA_DIR/.vapid.json (mode 600) and serves the public key at run time", async () => {
    const file = path.join(be.server.dataDir, ".vapid.json")
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const keys = JSON.parse(await readFile(file, "utf8"))
    const config = await be.anon().send("/api/vitrine/push/config", {})
    expect(config).toEqual({ publicKey: keys.publicKey })
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    // a restarted worker keeps signing with the same key (the mock checks k on every request)
    await stopWorker()
    await startWorker()
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(keys)
  })
})

describe("what sends a push", () => {
  it("a vote sends one push with the product title to the owner", async () => {
    const owner = await be.user("Dona Voto")
    const voter = await be.user("Fã Votante")
    const sub = await device(owner)
    const p = await product(owner.id)
    await vote(voter.pb, p.id)

    const [msg] = await mock.waitFor(
      () => mock.deliveriesTo(sub.endpoint).length === 1 && mock.deliveriesTo(sub.endpoint),
    )
    expect(msg!.payload).toEqual({
      title: "Novo voto",
      body: `Fã Votante votou no seu produto ${p.title}`,
      url: `/products/${p.slug}`,
      tag: `vote-${p.id}`,
      id: expect.stringMatching(/^[a-z0-9]{15}$/),
    })
    expect(msg!.topic).toBe(`vote-${p.id}`)
    expect(msg!.urgency).toBe("normal")
    expect(msg!.ttl).toBeGreaterThan(86_000)
    expect(msg!.ttl).toBeLessThanOrEqual(86_400)
    expect(msg!.bytes).toBeLessThan(3 * 1024)

    const [job] = await until(
      () => jobsOf(owner.id),
      (jobs) => allSettled(jobs),
    )
    expect(job).toMatchObject({ id: msg!.payload.id, status: "sent", kind: "new_vote", sent_to: [expect.any(String)] })
    const n = await be.admin.collection("notifications").getOne(job!.notification)
    expect(n.pushed_at).not.toBe("")
    expect(mock.deliveriesTo(sub.endpoint)).toHaveLength(1)
    expect(mock.problems).toEqual([])
  })

  it("five votes on one product collapse into one push: same topic and tag, '5 novos votos'", async () => {
    const owner = await be.user("Dono Colapso")
    const sub = await device(owner)
    const p = await product(owner.id)
    const voters = await Promise.all([1, 2, 3, 4, 5].map((i) => be.user(`Eleitor ${i}`)))
    await stopWorker() // the votes arrive while the phone's pushes wait in the outbox
    for (const v of voters) await vote(v.pb, p.id)
    await startWorker()

    const [msg] = await mock.waitFor(
      () => mock.deliveriesTo(sub.endpoint).length > 0 && mock.deliveriesTo(sub.endpoint),
    )
    expect(msg!.payload).toMatchObject({
      title: "Novos votos",
      body: `Seu produto ${p.title} recebeu 5 novos votos`,
      tag: `vote-${p.id}`,
    })
    expect(msg!.topic).toBe(`vote-${p.id}`)
    const jobs = await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(jobs.map((j) => j.status)).toEqual(["collapsed", "collapsed", "collapsed", "collapsed", "sent"])
    expect(new Set(jobs.map((j) => j.topic))).toEqual(new Set([`vote-${p.id}`]))
    expect(mock.deliveriesTo(sub.endpoint)).toHaveLength(1)

    // a sixth vote, live: the same tag on the device replaces the first push
    await vote((await be.user("Eleitor 6")).pb, p.id)
    const second = await mock.waitFor(() => mock.deliveriesTo(sub.endpoint)[1])
    expect(second.payload).toMatchObject({ body: `Seu produto ${p.title} recebeu 6 novos votos`, tag: `vote-${p.id}` })
  })

  it("comments and replies push the owner and the parent's author, with the comment anchor", async () => {
    const owner = await be.user("Dona Comentário")
    const fan = await be.user("Fã Comentarista")
    const ownerSub = await device(owner)
    const fanSub = await device(fan)
    const p = await product(owner.id)
    const first = await comment(fan, p.id, "Adorei a ideia, parabéns pelo produto!")
    const msg = await mock.waitFor(() => mock.deliveriesTo(ownerSub.endpoint)[0])
    expect(msg.payload).toMatchObject({
      title: "Novo comentário",
      body: `Fã Comentarista comentou em ${p.title}: “Adorei a ideia, parabéns pelo produto!”`,
      url: `/products/${p.slug}#comment-${first.id}`,
      tag: `comment-${first.id}`,
    })
    // the owner replies: the fan hears about the reply; the owner, who wrote it, does not
    const reply = await comment(owner, p.id, "Obrigada! Vem novidade por aí.", first.id)
    const replyMsg = await mock.waitFor(() => mock.deliveriesTo(fanSub.endpoint)[0])
    expect(replyMsg.payload).toMatchObject({
      title: "Nova resposta",
      body: `Dona Comentário respondeu ao seu comentário em ${p.title}: “Obrigada! Vem novidade por aí.”`,
      url: `/products/${p.slug}#comment-${reply.id}`,
    })
    await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(mock.deliveriesTo(ownerSub.endpoint)).toHaveLength(1)
  })

  it("nobody is pushed about their own action", async () => {
    const owner = await be.user("Dona Própria", ["moderator"])
    await device(owner)
    await setPreferences(owner, { moderation: true })
    const p = await product(owner.id)
    await vote(owner.pb, p.id)
    await comment(owner, p.id, "Meu próprio comentário no meu produto.")
    // staff submitting a product of their own (staff never review their own: issue 12)
    await submitProduct(owner.pb, { title: "Produto da moderadora" })
    expect(await jobsOf(owner.id)).toEqual([]) // no push for any of these
  })

  it("an opted-out kind sends nothing; the other kinds still do", async () => {
    const owner = await be.user("Dono Sem Votos")
    const fan = await be.user("Fã Opt-out")
    const sub = await device(owner)
    expect(await setPreferences(owner, { votes: false })).toEqual({
      votes: false,
      comments: true,
      launches: true,
      moderation: false,
      staff: false,
    })
    const p = await product(owner.id)
    await vote(fan.pb, p.id)
    await comment(fan, p.id)
    const msg = await mock.waitFor(() => mock.deliveriesTo(sub.endpoint)[0])
    expect(msg.payload.title).toBe("Novo comentário")
    const jobs = await jobsOf(owner.id)
    expect(jobs.map((j) => j.kind)).toEqual(["new_comment"])
    // the in-app vote notification is still there
    expect(
      await be.admin.collection("notifications").getFullList({ filter: `user = "${owner.id}" && type = "new_vote"` }),
    ).toHaveLength(1)
  })

  it("the maker hears about approval and rejection", async () => {
    const maker = await be.user("Maker Decisão")
    const admin = await be.user("Admin Decide", ["admin"])
    const sub = await device(maker)
    const a = await submitProduct(maker.pb, { title: "Produto para aprovar" })
    const b = await submitProduct(maker.pb, { title: "Produto para rejeitar" })
    await admin.pb.send(`/api/vitrine/admin/products/${a.id}/approve`, { method: "POST" })
    await admin.pb.send(`/api/vitrine/admin/products/${b.id}/reject`, {
      method: "POST",
      body: { reason: "Faltam imagens do produto" },
    })
    const msgs = await mock.waitFor(
      () => mock.deliveriesTo(sub.endpoint).length === 2 && mock.deliveriesTo(sub.endpoint),
    )
    // sent concurrently: compare in a fixed order
    expect(msgs.map((m) => m.payload).sort((x, y) => x.title.localeCompare(y.title))).toEqual([
      expect.objectContaining({
        title: "Produto aprovado",
        body: "Seu produto Produto para aprovar foi aprovado e já está publicado!",
        url: `/products/${a.slug}`,
      }),
      expect.objectContaining({
        title: "Produto rejeitado",
        body: "Seu produto Produto para rejeitar foi rejeitado: Faltam imagens do produto",
        url: `/products/${b.slug}`,
      }),
    ])
    expect(msgs.every((m) => m.ttl > 3 * 86_000)).toBe(true)
  })

  it("staff who opted in get a push for a new pending product and a new report; others do not", async () => {
    const mod = await be.user("Moderadora Push", ["moderator"])
    const quietAdmin = await be.user("Admin Quieto", ["admin"])
    const maker = await be.user("Maker Pendente")
    const reporter = await be.user("Denunciante")
    const modSub = await device(mod)
    const quietSub = await device(quietAdmin)
    expect(await setPreferences(mod, { moderation: true })).toMatchObject({ moderation: true, staff: true })
    // a maker may not opt in to moderation pushes
    const refused = await refusal(setPreferences(maker, { moderation: true }))
    expect(refused.status).toBe(403)
    expect(refused.message).toBe("Apenas a equipe de moderação pode receber avisos de moderação.")

    const created = await submitProduct(maker.pb, { title: "Produto Novo Pendente" })
    const first = await mock.waitFor(() => mock.deliveriesTo(modSub.endpoint)[0])
    expect(first.payload).toMatchObject({
      title: "Novo produto para revisar",
      body: "Produto Novo Pendente, enviado por Maker Pendente",
      url: "/admin/products",
      tag: `staff-product-${created.id}`,
    })
    expect(first.urgency).toBe("high")
    expect(first.ttl).toBeGreaterThan(3 * 86_000)

    const target = await product(maker.id)
    const flag = await reporter.pb.collection("flags").create({
      target_type: "product",
      product: target.id,
      reporter: reporter.id,
      reason: "Conteúdo enganoso na descrição",
    })
    const second = await mock.waitFor(() => mock.deliveriesTo(modSub.endpoint)[1])
    expect(second.payload).toMatchObject({
      title: "Nova denúncia",
      body: `Produto denunciado em ${target.title}: “Conteúdo enganoso na descrição”`,
      url: "/admin/flags",
      tag: `staff-flag-${flag.id}`,
    })
    expect(second.urgency).toBe("high")
    expect(mock.deliveriesTo(quietSub.endpoint)).toEqual([])
    expect(await jobsOf(quietAdmin.id)).toEqual([])
  })
})

describe("delivery rules", () => {
  it("410 deletes the subscription; the user's other device still gets the push", async () => {
    const owner = await be.user("Dona Dois Aparelhos")
    const old = await device(owner, "velho")
    const phone = await device(owner, "celular")
    mock.respond(old.endpoint, [410])
    const p = await product(owner.id)
    await vote((await be.user("Fã 410")).pb, p.id)
    await mock.waitFor(() => mock.deliveriesTo(phone.endpoint).length === 1)
    const left = await until(
      () => owner.pb.collection("push_subscriptions").getFullList(),
      (subs) => subs.length === 1,
    )
    expect(left.map((s) => s.endpoint)).toEqual([phone.endpoint])
    const [job] = await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(job!.status).toBe("sent")
  })

  it("503 twice (the first with Retry-After) is retried and delivered once", async () => {
    const owner = await be.user("Dono Instável")
    const sub = await device(owner)
    mock.respond(sub.endpoint, [{ status: 503, headers: { "Retry-After": "1" } }, 503])
    const p = await product(owner.id)
    await vote((await be.user("Fã 503")).pb, p.id)
    await mock.waitFor(() => mock.deliveriesTo(sub.endpoint).length === 1, 20_000)
    const tries = mock.received.filter((m) => m.endpoint === sub.endpoint)
    expect(tries.map((m) => m.status)).toEqual([503, 503, 201])
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(900) // Retry-After: 1 was honoured
    const [job] = await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(job).toMatchObject({ status: "sent", attempts: 2 })
    expect(new Set(tries.map((m) => m.payload.id)).size).toBe(1) // one job, one id
  })

  it("413 is logged and dropped, not retried", async () => {
    const owner = await be.user("Dono Grande Demais")
    const sub = await device(owner)
    mock.respond(sub.endpoint, [413])
    const p = await product(owner.id)
    await vote((await be.user("Fã 413")).pb, p.id)
    const [job] = await until(
      () => jobsOf(owner.id),
      (j) => allSettled(j),
    )
    expect(job).toMatchObject({ status: "dropped", attempts: 0 })
    expect(job!.last_error).toContain("413")
    expect(mock.received.filter((m) => m.endpoint === sub.endpoint)).toHaveLength(1)
    expect(await owner.pb.collection("push_subscriptions").getFullList()).toHaveLength(1) // kept
  })

  it("caps pushes at 20 per user per hour", async () => {
    const owner = await be.user("Dona Popular")
    const fan = await be.user("Fã Incansável")
    const sub = await device(owner)
    const p = await product(owner.id)
    for (let i = 0; i < 23; i++) await comment(fan, p.id, `Comentário número ${i} sobre o produto.`)
    const jobs = await until(
      () => jobsOf(owner.id),
      (j) => j.length === 23 && allSettled(j),
    )
    expect(jobs.filter((j) => j.status === "sent")).toHaveLength(20)
    expect(jobs.filter((j) => j.status === "capped")).toHaveLength(3)
    expect(mock.deliveriesTo(sub.endpoint)).toHaveLength(20)
  })

  it("a tapped push marks its notification read (votes: every unseen vote of that product)", async () => {
    const owner = await be.user("Dona Toque")
    const sub = await device(owner)
    const p = await product(owner.id)
    await stopWorker()
    for (const name of ["Toque Um", "Toque Dois"]) await vote((await be.user(name)).pb, p.id)
    await startWorker()
    const msg = await mock.waitFor(() => mock.deliveriesTo(sub.endpoint)[0])
    // the service worker has no session: the job id it got in the push is enough, and nothing more
    await be.anon().send("/api/vitrine/push/opened", { method: "POST", body: { id: msg.payload.id } })
    const unread = await be.admin
      .collection("notifications")
      .getFullList({ filter: `user = "${owner.id}" && is_read = false` })
    expect(unread).toEqual([])
    await be.anon().send("/api/vitrine/push/opened", { method: "POST", body: { id: "naoexiste123456" } }) // 204 too
  })

  it("killed (SIGKILL) with 50 jobs pending: after a restart all 50 are delivered, each exactly once", async () => {
    const voter = await be.user("Eleitora em Massa")
    const owners = await Promise.all(Array.from({ length: 50 }, (_, i) => be.user(`Dono Lote ${i}`)))
    const subs = await Promise.all(owners.map((o) => device(o, "lote")))
    const products = await Promise.all(owners.map((o) => product(o.id)))
    const endpoints = new Set(subs.map((s) => s.endpoint))
    const ours = (list: typeof mock.received) => list.filter((m) => endpoints.has(m.endpoint))

    // the push service answers 10 and then stops answering: the worker has the other 40 in flight
    mock.holdAfter(10)
    await Promise.all(products.map((p) => vote(voter.pb, p.id)))
    const ownerIds = owners.map((o) => `user = "${o.id}"`).join(" || ")
    const jobs = () => be.admin.collection("push_jobs").getFullList({ filter: ownerIds })
    await until(jobs, (j) => j.length === 50 && j.filter((x) => x.status === "sent").length === 10)
    await mock.waitFor(() => mock.held.size === 40, 10_000, "40 pedidos presos")
    await worker!.kill()
    mock.release()
    const inFlightAtKill = ours(mock.received).filter((m) => m.status === 0).length
    expect(inFlightAtKill).toBe(40)

    await startWorker()
    const done = await until(jobs, (j) => j.every((x) => x.status === "sent"), 30_000)
    expect(done).toHaveLength(50)
    const delivered = ours(mock.deliveries)
    expect(delivered).toHaveLength(50)
    for (const s of subs) expect(mock.deliveriesTo(s.endpoint)).toHaveLength(1)
    expect(new Set(delivered.map((m) => m.payload.id))).toEqual(new Set(done.map((j) => j.id)))
    // only the 40 that never got an answer were sent again
    expect(ours(mock.received)).toHaveLength(50 + 40)
  }, 120_000)

  it("stops cleanly on SIGTERM", async () => {
    const proc = worker!.child!
    await stopWorker()
    expect(proc.exitCode).toBe(0)
    await startWorker()
  })
})

describe("subscriptions", () => {
  const keys = () => mock.subscribe("chaves").keys

  it("accepts the known push services and refuses anything else, in Portuguese", async () => {
    const u = await be.user("Pessoa Endpoints")
    const create = (endpoint: string, k = keys()) =>
      u.pb.collection("push_subscriptions").create({ user: u.id, endpoint, p256dh: k.p256dh, auth: k.auth })
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc123:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB",
      "https://web.push.apple.com/QGuQyavXutnMHNd",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
    ]) {
      await create(ok)
    }
    const notAllowed =
      "Este serviço de notificações não é aceito. Use um navegador com o push do Google, da Mozilla, da Apple ou da Microsoft."
    for (const bad of [
      "https://127.0.0.1/push/x",
      "https://10.0.0.8/push",
      "https://192.168.1.1/push",
      "https://localhost/push",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://evil.example/?fcm.googleapis.com",
      "https://notify.windows.com.evil.example/w",
    ]) {
      expect(fieldMessage(await refusal(create(bad)), "endpoint"), bad).toBe(notAllowed)
    }
    for (const bad of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com@127.0.0.1/x",
      "ftp://fcm.googleapis.com/x",
      "https:///x",
    ]) {
      expect(fieldMessage(await refusal(create(bad)), "endpoint"), bad).toBe(
        "Endereço de notificação inválido: ele precisa começar com https://.",
      )
    }
    const badKeys = await refusal(create("https://fcm.googleapis.com/fcm/send/k", { p256dh: "curta", auth: "x" }))
    expect(fieldMessage(badKeys, "p256dh")).toBe("As chaves da inscrição de notificações são inválidas.")
    // an update is checked too
    const [mine] = await u.pb.collection("push_subscriptions").getFullList({ sort: "created" })
    const moved = await refusal(
      u.pb.collection("push_subscriptions").update(mine!.id, { endpoint: "https://169.254.169.254/latest" }),
    )
    expect(fieldMessage(moved, "endpoint")).toBe(notAllowed)
  })

  it("at most 10 per user; one per endpoint, taken over by whoever signs in on that browser", async () => {
    const a = await be.user("Muitos Aparelhos")
    const b = await be.user("Outra Pessoa")
    const subs = []
    for (let i = 0; i < 10; i++) subs.push(await device(a, `d${i}`))
    const eleventh = mock.subscribe("d10")
    const err = await refusal(
      a.pb.collection("push_subscriptions").create({
        user: a.id,
        endpoint: eleventh.endpoint,
        p256dh: eleventh.keys.p256dh,
        auth: eleventh.keys.auth,
      }),
    )
    expect(fieldMessage(err, "endpoint")).toBe(
      "Você já ativou as notificações em 10 aparelhos. Desative em algum deles para ativar neste.",
    )
    // B signs in on A's first browser, whose push subscription (endpoint) is the same
    await b.pb.collection("push_subscriptions").create({
      user: b.id,
      endpoint: subs[0]!.endpoint,
      p256dh: subs[0]!.keys.p256dh,
      auth: subs[0]!.keys.auth,
    })
    expect(await a.pb.collection("push_subscriptions").getFullList()).toHaveLength(9)
    // owner-only: A cannot see B's row, nor create one for B
    expect(await a.pb.collection("push_subscriptions").getFullList({ filter: `user = "${b.id}"` })).toEqual([])
    const k = mock.subscribe("alheia")
    await expect(
      a.pb
        .collection("push_subscriptions")
        .create({ user: b.id, endpoint: k.endpoint, p256dh: k.keys.p256dh, auth: k.keys.auth }),
    ).rejects.toMatchObject({ status: 400 })
  })

  it("pushsubscriptionchange: the holder of the old endpoint moves it to the new one (re-checked)", async () => {
    const u = await be.user("Troca Inscrição")
    const before = await device(u)
    const after = mock.subscribe("nova")
    const renew = (endpoint: string) =>
      be.anon().send("/api/vitrine/push/renew", {
        method: "POST",
        body: { old_endpoint: before.endpoint, endpoint, p256dh: after.keys.p256dh, auth: after.keys.auth },
      })
    expect(fieldMessage(await refusal(renew("https://127.0.0.1:1/x")), "endpoint")).toContain("não é aceito")
    await renew(after.endpoint)
    const [row] = await u.pb.collection("push_subscriptions").getFullList()
    expect(row).toMatchObject({ endpoint: after.endpoint, p256dh: after.keys.p256dh })
    await expect(renew(after.endpoint)).rejects.toMatchObject({ status: 404 }) // the old one is gone
  })

  it("without PUSH_ALLOWED_ORIGINS a subscription to https://127.0.0.1/... is refused", async () => {
    const plain = await startBackend()
    try {
      const u = await plain.user("Sem Origens Extras")
      const k = mock.subscribe("loopback").keys
      const err = await refusal(
        u.pb
          .collection("push_subscriptions")
          .create({ user: u.id, endpoint: "https://127.0.0.1/push/abc", p256dh: k.p256dh, auth: k.auth }),
      )
      expect(err.status).toBe(400)
      expect(fieldMessage(err, "endpoint")).toBe(
        "Este serviço de notificações não é aceito. Use um navegador com o push do Google, da Mozilla, da Apple ou da Microsoft.",
      )
      // and nothing is served as a key before any worker ran
      expect(await plain.anon().send("/api/vitrine/push/config", {})).toEqual({ publicKey: "" })
    } finally {
      await plain.stop()
    }
  })
})
