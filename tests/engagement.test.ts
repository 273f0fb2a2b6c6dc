// Votes, comments, notifications and reports against the real server: exact counters under
// concurrency, idempotent replays, who gets notified, realtime isolation and report reviews.
import { EventSource } from "eventsource"
import PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"

let be: TestBackend
let owner: { pb: PocketBase; id: string }
let seq = 0

beforeAll(async () => {
  ;(globalThis as { EventSource?: unknown }).EventSource = EventSource
  be = await startBackend()
  owner = await be.user("Dona Produto")
})
afterAll(async () => {
  await be?.stop()
})

async function product(status: "approved" | "pending" = "approved", ownerId = owner.id) {
  seq += 1
  return be.admin.collection("products").create({
    slug: `produto-${seq}`,
    title: `Produto de teste ${seq}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status,
    created_by: ownerId,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
}

const vote = (pb: PocketBase, productId: string, on: boolean, id?: string) =>
  pb.send(`/api/vitrine/products/${productId}/vote`, { method: on ? "PUT" : "DELETE", body: id ? { id } : {} })

const countOf = async (productId: string) => (await be.admin.collection("products").getOne(productId)).vote_count
const rows = async (collection: string, filter: string) =>
  (await be.admin.collection(collection).getFullList({ filter })).length
const clientId = () => Math.random().toString(36).slice(2).padEnd(15, "0").slice(0, 15)

describe("votes", () => {
  it("keeps vote_count equal to the rows with 100 users voting at once, then 50 double toggles", async () => {
    const p = await product()
    const voters = await Promise.all(Array.from({ length: 100 }, (_, i) => be.user(`Eleitor ${i}`)))
    const answers = await Promise.all(voters.map((v) => vote(v.pb, p.id, true)))
    expect(answers.every((a) => a.voted === true)).toBe(true)
    expect(await countOf(p.id)).toBe(100)
    expect(await rows("votes", `product = "${p.id}"`)).toBe(100)

    // each of 50 voters sends "unvote" twice at once (a double-click): the effect is once
    await Promise.all(voters.slice(0, 50).flatMap((v) => [vote(v.pb, p.id, false), vote(v.pb, p.id, false)]))
    expect(await countOf(p.id)).toBe(50)
    expect(await rows("votes", `product = "${p.id}"`)).toBe(50)
  }, 180_000) // creating 100 accounts (bcrypt) is slow on a shared 2-core machine

  it("a replayed vote with the same client id never duplicates", async () => {
    const p = await product()
    const u = await be.user("Replay Voto")
    const id = clientId()
    await vote(u.pb, p.id, true, id)
    await vote(u.pb, p.id, true, id)
    expect(await rows("votes", `product = "${p.id}"`)).toBe(1)
    expect((await be.admin.collection("votes").getOne(id)).user).toBe(u.id)
  })

  it("refuses votes on pending products and from signed-out visitors", async () => {
    const pending = await product("pending")
    const u = await be.user("Voto Pendente")
    await expect(vote(u.pb, pending.id, true)).rejects.toMatchObject({ status: 404 })
    await expect(vote(be.anon(), (await product()).id, true)).rejects.toMatchObject({ status: 401 })
    expect(await rows("votes", `product = "${pending.id}"`)).toBe(0)
  })

  // a request that asks for the state the vote is already in is answered from a read, with no
  // write (lib/engagement.js setVote): the same answer a write would have given
  it("answers a vote already in the asked state with that state and the count", async () => {
    const p = await product()
    const u = await be.user("Voto Repetido")
    const other = await be.user("Outro Voto")
    expect(await vote(u.pb, p.id, false)).toEqual({ voted: false, vote_count: 0, counted: true })
    expect(await vote(other.pb, p.id, true)).toEqual({ voted: true, vote_count: 1, counted: true })
    expect(await vote(u.pb, p.id, true)).toEqual({ voted: true, vote_count: 2, counted: true })
    expect(await vote(u.pb, p.id, true)).toEqual({ voted: true, vote_count: 2, counted: true })
    expect(await vote(u.pb, p.id, false)).toEqual({ voted: false, vote_count: 1, counted: true })
    expect(await vote(u.pb, p.id, false)).toEqual({ voted: false, vote_count: 1, counted: true })
    expect(await countOf(p.id)).toBe(1)
    expect(await rows("notifications", `product = "${p.id}" && actor = "${u.id}"`)).toBe(1)
  })

  it("notifies the owner once per voter and product, never for their own vote", async () => {
    const p = await product()
    const u = await be.user("Vota Duas Vezes")
    await vote(u.pb, p.id, true)
    await vote(u.pb, p.id, false)
    await vote(u.pb, p.id, true)
    await vote(owner.pb, p.id, true)
    const notes = await be.admin.collection("notifications").getFullList({ filter: `product = "${p.id}"` })
    expect(notes.map((n) => [n.type, n.user, n.actor])).toEqual([["new_vote", owner.id, u.id]])
    expect(notes[0]?.payload).toMatchObject({ product_slug: p.slug, product_title: p.title })
  })
})

describe("comments", () => {
  it("a replayed comment id is refused as not unique and stores one comment", async () => {
    const p = await product()
    const u = await be.user("Replay Comentário")
    const body = { id: clientId(), product: p.id, user: u.id, content: "Um comentário enviado duas vezes." }
    await u.pb.collection("comments").create(body)
    await expect(u.pb.collection("comments").create(body)).rejects.toMatchObject({
      status: 400,
      response: { data: { id: { code: "validation_not_unique" } } },
    })
    expect(await rows("comments", `product = "${p.id}"`)).toBe(1)
    expect((await be.admin.collection("products").getOne(p.id)).comment_count).toBe(1)
  })

  it("refuses a reply whose parent belongs to another product", async () => {
    const [a, b] = [await product(), await product()]
    const u = await be.user("Resposta Errada")
    const parent = await u.pb.collection("comments").create({ product: a.id, user: u.id, content: "Comentário no A." })
    await expect(
      u.pb.collection("comments").create({ product: b.id, user: u.id, parent: parent.id, content: "Resposta no B!!" }),
    ).rejects.toMatchObject({ status: 400 })
    expect(await rows("comments", `product = "${b.id}"`)).toBe(0)
  })

  it("a refused comment says why in Portuguese: product not published, product gone, reply to a removed comment", async () => {
    const u = await be.user("Comentário Recusado")
    const reason = async (body: Record<string, unknown>) => {
      try {
        await u.pb.collection("comments").create({ user: u.id, content: "Um comentário que chegou tarde.", ...body })
        return "aceito"
      } catch (err) {
        const e = err as { status: number; response: { data: Record<string, { message: string }> } }
        return `${e.status} ${Object.values(e.response.data)[0]?.message}`
      }
    }
    const pending = await product("pending")
    expect(await reason({ product: pending.id })).toBe("400 Este produto não está publicado e não aceita comentários.")
    const gone = await product()
    await be.admin.collection("products").delete(gone.id)
    expect(await reason({ product: gone.id })).toBe("400 Este produto não existe mais.")
    const open = await product()
    const parent = await u.pb
      .collection("comments")
      .create({ product: open.id, user: u.id, content: "Comentário que será removido." })
    await u.pb.collection("comments").update(parent.id, { is_deleted: true })
    expect(await reason({ product: open.id, parent: parent.id })).toBe(
      "400 O comentário que você respondeu foi removido.",
    )
    expect(await rows("comments", `product = "${open.id}" && parent = "${parent.id}"`)).toBe(0)
  })

  it("notifies the owner and the parent's author, never the one who wrote", async () => {
    const p = await product()
    const alice = await be.user("Alice Comenta")
    const bob = await be.user("Bob Responde")
    const top = await alice.pb
      .collection("comments")
      .create({ product: p.id, user: alice.id, content: "Que produto incrível, parabéns!" })
    await bob.pb
      .collection("comments")
      .create({ product: p.id, user: bob.id, parent: top.id, content: "Concordo com a Alice aqui." })
    await owner.pb
      .collection("comments")
      .create({ product: p.id, user: owner.id, parent: top.id, content: "Obrigada pelo carinho!" })
    const notes = await be.admin
      .collection("notifications")
      .getFullList({ filter: `product = "${p.id}"`, sort: "created" })
    const summary = notes.map(
      (n) => `${n.type}:${n.user === owner.id ? "owner" : n.user === alice.id ? "alice" : "bob"}`,
    )
    // alice's comment -> owner; bob's reply -> owner + alice; owner's reply -> alice only
    expect(summary.sort()).toEqual(["new_comment:alice", "new_comment:alice", "new_comment:owner", "new_comment:owner"])
    const toOwner = notes.find((n) => n.user === owner.id && n.actor === alice.id)!
    expect(toOwner.payload).toMatchObject({ comment_id: top.id, comment_preview: "Que produto incrível, parabéns!" })
  })
})

// resolves with the id of the next notification the bell's channel tells `pb` of (pb_hooks/lib/
// live.js), once the subscription is live (subscribing without awaiting it races the event)
// (wrapped in an object: an async function returning a bare promise would wait for the event)
async function nextNotification(pb: PocketBase): Promise<{ next: Promise<string> }> {
  let deliver: (id: string) => void = () => {}
  const next = new Promise<string>((resolve) => (deliver = resolve))
  await pb.realtime.subscribe("vitrine/notifications", (ev: { action: string; id: string }) => {
    if (ev.action === "create") deliver(ev.id)
  })
  return { next }
}

describe("notifications are private, over REST and realtime", () => {
  it("a user never reads nor receives another user's notifications", async () => {
    const p = await product()
    const fan = await be.user("Fã")
    const other = await be.user("Curioso")
    const received: string[] = []
    await other.pb.realtime.subscribe("vitrine/notifications", (ev: { id: string }) => received.push(ev.id))
    const ownerGot = await nextNotification(owner.pb)
    await vote(fan.pb, p.id, true)
    const id = await ownerGot.next
    expect((await other.pb.collection("notifications").getList(1, 50)).items.map((n) => n.id)).not.toContain(id)
    await expect(other.pb.collection("notifications").getOne(id)).rejects.toMatchObject({ status: 404 })
    // a subscription to that very record (or to the collection) is left out: it hears nothing,
    // even when the record changes
    const probe = new PocketBase(be.url)
    probe.authStore.save(other.pb.authStore.token, other.pb.authStore.record)
    const probed: string[] = []
    await probe.collection("notifications").subscribe(id, () => probed.push(`record:${id}`))
    await probe.collection("notifications").subscribe("*", (ev) => probed.push(`collection:${ev.record.id}`))
    await probe.realtime.subscribe("vitrine/notifications", (ev: { id: string }) => probed.push(`topic:${ev.id}`))
    await owner.pb.collection("notifications").update(id, { is_read: true })
    // a later notification of the other user arrives on both of their tabs, which proves them live
    const mine = await product("approved", other.id)
    await vote(fan.pb, mine.id, true)
    const theirs = (await other.pb.collection("notifications").getFirstListItem(`product = "${mine.id}"`)).id
    await expect.poll(() => received).toContain(theirs)
    await expect.poll(() => probed).toContain(`topic:${theirs}`)
    expect(received).toEqual([theirs])
    expect(probed).toEqual([`topic:${theirs}`])
    await owner.pb.realtime.unsubscribe()
    await other.pb.realtime.unsubscribe()
    await probe.realtime.unsubscribe()
  })
})

describe("reports", () => {
  it("allows one open report per user and target", async () => {
    const p = await product()
    const u = await be.user("Denuncia Duas")
    const body = { target_type: "product", product: p.id, reporter: u.id, reason: "Conteúdo enganoso no anúncio." }
    await u.pb.collection("flags").create(body)
    await expect(u.pb.collection("flags").create(body)).rejects.toMatchObject({
      status: 400,
      response: { data: { reason: { message: "Você já denunciou este conteúdo. Nossa equipe vai analisar." } } },
    })
    expect(await rows("flags", `product = "${p.id}"`)).toBe(1)
    // once staff closed it, the same user may report the same target again
    const first = (await be.admin.collection("flags").getFirstListItem(`product = "${p.id}"`)).id
    await be.admin.collection("flags").update(first, { status: "dismissed" })
    await u.pb.collection("flags").create(body)
    expect(await rows("flags", `product = "${p.id}"`)).toBe(2)
  })

  it("resolve rejects a product / removes a comment; dismiss only closes; both logged; staff only", async () => {
    const p = await product()
    const reporter = await be.user("Denunciante")
    const plain = await be.user("Sem Papel")
    const mod = await be.user("Moderadora", ["moderator"])
    const c = await reporter.pb
      .collection("comments")
      .create({ product: p.id, user: reporter.id, content: "Spam spam spam spam" })
    const onComment = await reporter.pb.collection("flags").create({
      target_type: "comment",
      product: p.id,
      comment: c.id,
      reporter: reporter.id,
      reason: "Este comentário é spam.",
    })
    const onProduct = await reporter.pb
      .collection("flags")
      .create({ target_type: "product", product: p.id, reporter: reporter.id, reason: "Produto copiado de outro." })
    const review = (pb: PocketBase, id: string, action: string) =>
      pb.send(`/api/vitrine/flags/${id}/review`, { method: "POST", body: { action } })

    await expect(review(plain.pb, onComment.id, "resolve")).rejects.toMatchObject({ status: 403 })
    await expect(review(be.anon(), onComment.id, "resolve")).rejects.toMatchObject({ status: 403 })
    expect((await be.admin.collection("flags").getOne(onComment.id)).status).toBe("open")

    await review(mod.pb, onComment.id, "resolve")
    const flag = await be.admin.collection("flags").getOne(onComment.id)
    expect([flag.status, flag.reviewed_by, flag.reviewed_at !== ""]).toEqual(["resolved", mod.id, true])
    expect((await be.admin.collection("comments").getOne(c.id)).is_deleted).toBe(true)
    expect((await be.admin.collection("products").getOne(p.id)).comment_count).toBe(0)
    await expect(review(mod.pb, onComment.id, "dismiss")).rejects.toMatchObject({ status: 400 })

    await review(mod.pb, onProduct.id, "dismiss")
    expect((await be.admin.collection("flags").getOne(onProduct.id)).status).toBe("dismissed")
    expect((await be.admin.collection("products").getOne(p.id)).status).toBe("approved")

    const logs = await be.admin
      .collection("moderation_log")
      .getFullList({ filter: `target_id = "${onComment.id}" || target_id = "${onProduct.id}"`, sort: "created" })
    expect(logs.map((l) => [l.action, l.admin])).toEqual([
      ["resolve_flag", mod.id],
      ["dismiss_flag", mod.id],
    ])
  })

  it("a resolved product report rejects the product", async () => {
    const p = await product()
    const reporter = await be.user("Outro Denunciante")
    const admin = await be.user("Administradora", ["admin"])
    const f = await reporter.pb
      .collection("flags")
      .create({ target_type: "product", product: p.id, reporter: reporter.id, reason: "Link leva a golpe." })
    await admin.pb.send(`/api/vitrine/flags/${f.id}/review`, { method: "POST", body: { action: "resolve" } })
    const after = await be.admin.collection("products").getOne(p.id)
    expect([after.status, after.rejection_reason]).toEqual(["rejected", "Link leva a golpe."])
  })
})
