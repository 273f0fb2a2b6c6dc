// Web push end to end: what sends a push (votes, collapsed votes, comments and replies, approval and
// rejection, staff alerts), what does not (one's own actions, opted-out kinds), and the VAPID keys
// the worker generates once and the server hands out. The rig (PocketBase, the push worker process
// and a local HTTPS push service that checks and decrypts every message) is tests/helpers/push-rig.ts.
import { readFile, stat } from "node:fs/promises"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { refusal, submitProduct } from "./helpers/products"
import {
  allSettled,
  be,
  comment,
  device,
  jobsOf,
  mock,
  product,
  setPreferences,
  startWorker,
  stopWorker,
  until,
  vote,
  withPushRig,
} from "./helpers/push-rig"

withPushRig()

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
