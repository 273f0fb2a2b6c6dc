// The bell's realtime channel against the real server (pb_hooks/lib/live.js): every open tab of a
// user hears of that user's notifications, and of nobody else's; a tab that left is not written to;
// the subscriptions the app never makes are refused, so that no connection can make every change
// of a collection check it.
import { EventSource } from "eventsource"
import PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"

const TOPIC = "vitrine/notifications"
type Heard = { action: string; id: string }
/** the SDK's EventSource (npm eventsource), reached past its private field */
type RawSource = { addEventListener(type: string, listener: (ev: { data: unknown }) => void): void }

let be: TestBackend
let seq = 0
const opened: PocketBase[] = []

beforeAll(async () => {
  ;(globalThis as { EventSource?: unknown }).EventSource = EventSource
  be = await startBackend()
})
afterAll(async () => {
  for (const pb of opened) await pb.realtime.unsubscribe().catch(() => {})
  await be?.stop()
})

async function product(ownerId: string) {
  seq += 1
  return be.admin.collection("products").create({
    slug: `ao-vivo-${seq}`,
    title: `Produto ao vivo ${seq}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: ownerId,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
}

const vote = (pb: PocketBase, productId: string) =>
  pb.send(`/api/vitrine/products/${productId}/vote`, { method: "PUT", body: {} })

/** Another tab (its own realtime connection) signed in as the same user as `pb`. */
function tabOf(pb: PocketBase) {
  const tab = new PocketBase(pb.baseURL)
  tab.autoCancellation(false)
  tab.authStore.save(pb.authStore.token, pb.authStore.record)
  return tab
}

/**
 * Subscribes `pb` to the bell's topic, as the app does; resolves once the server registered it.
 * `heard` collects what arrives; `next(pred)` resolves with the first message (past or future)
 * that matches.
 */
async function listen(pb: PocketBase) {
  const heard: Heard[] = []
  const waiting: Array<{ pred: (h: Heard) => boolean; resolve: (h: Heard) => void }> = []
  await pb.realtime.subscribe(TOPIC, (h: Heard) => {
    heard.push(h)
    for (const w of waiting.splice(0)) {
      if (w.pred(h)) w.resolve(h)
      else waiting.push(w)
    }
  })
  opened.push(pb)
  const next = (pred: (h: Heard) => boolean) =>
    new Promise<Heard>((resolve) => {
      const found = heard.find(pred)
      if (found) resolve(found)
      else waiting.push({ pred, resolve })
    })
  return { heard, next }
}

describe("the bell's channel", () => {
  it("every tab of the owner hears of a vote on their product, and another user hears nothing", async () => {
    const owner = await be.user("Dona Ao Vivo")
    const other = await be.user("Outro Ao Vivo")
    const fan = await be.user("Fã Ao Vivo")
    const p = await product(owner.id)
    const tab1 = await listen(owner.pb)
    const tab2 = await listen(tabOf(owner.pb))
    const others = await listen(other.pb)

    await vote(fan.pb, p.id)
    const note = await be.admin
      .collection("notifications")
      .getFirstListItem(`user = "${owner.id}" && product = "${p.id}"`)
    const isNote = (h: Heard) => h.action === "create" && h.id === note.id
    await Promise.all([tab1.next(isNote), tab2.next(isNote)])

    // the other user's subscription is live (their own notification arrives), and it is all they got
    const mine = await product(other.id)
    await vote(fan.pb, mine.id)
    const theirs = await be.admin.collection("notifications").getFirstListItem(`user = "${other.id}"`)
    await others.next((h) => h.id === theirs.id)
    expect(others.heard).toEqual([{ action: "create", id: theirs.id }])
    // one more for the owner: messages on a connection arrive in order, so once tab1 has it, it
    // would have had the other user's before
    const p2 = await product(owner.id)
    await vote(fan.pb, p2.id)
    const last = await be.admin
      .collection("notifications")
      .getFirstListItem(`user = "${owner.id}" && product = "${p2.id}"`)
    await tab1.next((h) => h.id === last.id)
    expect(tab1.heard.map((h) => h.id)).not.toContain(theirs.id)
  })

  it("reading one, or all, reaches the other tabs", async () => {
    const owner = await be.user("Dono Leitura")
    const fan = await be.user("Fã Leitura")
    const tab = await listen(tabOf(owner.pb))
    await vote(fan.pb, (await product(owner.id)).id)
    await vote(fan.pb, (await product(owner.id)).id)
    const first = (await owner.pb.collection("notifications").getFirstListItem("", { sort: "created" })).id
    await owner.pb.collection("notifications").update(first, { is_read: true })
    await tab.next((h) => h.action === "update" && h.id === first)
    await owner.pb.send("/api/vitrine/notifications/read-all", { method: "POST" })
    await tab.next((h) => h.action === "read-all")
  })

  it("a tab that left the topic hears nothing more on its still open connection; a new one is heard", async () => {
    const owner = await be.user("Dona Saiu")
    const fan = await be.user("Fã Saiu")
    const stays = await listen(owner.pb)
    const leaving = tabOf(owner.pb)
    await listen(leaving)
    await leaving.realtime.subscribe("PB_CONNECT", () => {}) // keeps the connection open
    // what reaches the connection itself, under the topic's name, whatever the SDK forwards
    const raw: string[] = []
    const source = (leaving.realtime as unknown as { eventSource?: RawSource }).eventSource
    source?.addEventListener(TOPIC, (ev) => raw.push(String(ev.data)))
    await leaving.realtime.unsubscribe(TOPIC)
    await vote(fan.pb, (await product(owner.id)).id)
    const n1 = await stays.next((h) => h.action === "create")
    await vote(fan.pb, (await product(owner.id)).id)
    await stays.next((h) => h.action === "create" && h.id !== n1.id)
    expect(leaving.realtime.isConnected).toBe(true)
    expect(raw).toEqual([])

    const back = await listen(tabOf(owner.pb))
    await vote(fan.pb, (await product(owner.id)).id)
    const n = await back.next((h) => h.action === "create")
    await stays.next((h) => h.id === n.id)
  })
})

describe("subscriptions the app never makes", () => {
  it("are dropped (collections, the notifications' included); the rest of the connection works", async () => {
    const user = await be.user("Curiosa Tempo Real")
    const fan = await be.user("Fã Curiosa")
    const tab = tabOf(user.pb)
    const caught: string[] = []
    // accepted, as an app of an older version asks them, but never served
    for (const name of ["notifications", "comments", "products", "flags", "users"]) {
      await tab.collection(name).subscribe("*", (ev) => caught.push(`${name}:${ev.record.id}`))
    }
    const bell = await listen(tab)
    const p = await product(user.id) // a product of theirs (products), then a vote on it (notifications)
    await vote(fan.pb, p.id)
    await fan.pb.collection("comments").create({ product: p.id, user: fan.id, content: "Comentário ao vivo." })
    const first = await bell.next((h) => h.action === "create")
    await vote(fan.pb, (await product(user.id)).id)
    await bell.next((h) => h.action === "create" && h.id !== first.id)
    expect(caught).toEqual([])
  })

  it("staff follow the moderation queue (products, flags) beside the bell; the superuser anything", async () => {
    const mod = await be.user("Moderador Tempo Real", ["moderator"])
    const staff = tabOf(mod.pb)
    const seen: string[] = []
    await staff.collection("products").subscribe("*", (ev) => seen.push(ev.record.id), { fields: "id" })
    const bell = await listen(staff) // the bell, on the same connection
    const p = await product(mod.id)
    await expect.poll(() => seen).toContain(p.id)
    await vote((await be.user("Fã Moderador")).pb, p.id)
    await bell.next((h) => h.action === "create")

    const root = new PocketBase(be.url)
    root.authStore.save(be.admin.authStore.token, be.admin.authStore.record)
    opened.push(root)
    const comments: string[] = []
    await root.collection("comments").subscribe("*", (ev) => comments.push(ev.record.id))
    const c = await mod.pb.collection("comments").create({ product: p.id, user: mod.id, content: "Visto pela raiz." })
    await expect.poll(() => comments).toContain(c.id)
  })
})
