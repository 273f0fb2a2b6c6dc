// Following makers against the real server (issue 16): follow as a replayable state with public
// counts, the 'X lançou Y' notification once per day, which of these push (launches, daily_rank by
// the votes preference), and the 'Seguindo' feed for the signed-in only. The server and shared steps
// are tests/helpers/launch.ts.
import { describe, expect, it } from "vitest"
import { approve, be, clientId, closeDay, follow, notes, published, withLaunchBackend } from "./helpers/launch"
import { listProducts, refusal, submitProduct } from "./helpers/products"

withLaunchBackend()
let seq = 0 // unique push endpoints

describe("following makers", () => {
  it("follow as a state: replays count once, counts are public, nobody follows themselves", async () => {
    const maker = await be.user("Maker Seguida")
    const fan = await be.user("Fã Fiel")
    const id = clientId()
    expect(await follow(fan, maker.id, true, id)).toEqual({ following: true, followers: 1 })
    expect(await follow(fan, maker.id, true, id)).toEqual({ following: true, followers: 1 })
    expect(await follow(fan, maker.id, true, clientId())).toEqual({ following: true, followers: 1 })
    expect((await be.admin.collection("follows").getOne(id)).follower).toBe(fan.id)

    const username = (await be.admin.collection("users").getOne(maker.id)).username
    const profile = await be.anon().send(`/api/vitrine/makers/${username}`, {})
    expect(profile.stats.followers).toBe(1)

    const self = await refusal(follow(maker, maker.id))
    expect([self.status, self.message]).toEqual([400, "Você não pode seguir a si mesmo."])
    const ghost = await refusal(follow(fan, "naoexiste000000"))
    expect([ghost.status, ghost.message]).toEqual([404, "Maker não encontrado."])
    expect((await refusal(follow({ pb: be.anon(), id: "" }, maker.id))).status).toBe(401)

    expect(await follow(fan, maker.id, false)).toEqual({ following: false, followers: 0 })
    expect(await follow(fan, maker.id, false)).toEqual({ following: false, followers: 0 })
  })

  it("a maker's approval tells followers 'X lançou Y' once per day, never the approver nor others", async () => {
    const maker = await be.user("Maker Lança")
    const fans = await Promise.all([1, 2].map((i) => be.user(`Seguidora ${i}`)))
    const stranger = await be.user("Não Segue")
    const approver = await be.user("Moderadora Fã", ["moderator"])
    for (const u of [...fans, approver]) await follow(u, maker.id)

    const one = await submitProduct(maker.pb, { title: "Primeiro lançamento" })
    const two = await submitProduct(maker.pb, { title: "Segundo lançamento" })
    await approve(one.id, approver)
    await approve(two.id, approver) // the same day: followers were told already

    const told = await notes(`type = "new_product" && actor = "${maker.id}"`)
    expect(told.map((n) => [n.user, n.product]).sort()).toEqual(fans.map((f) => [f.id, one.id]).sort())
    expect(told[0]?.payload).toMatchObject({ product_slug: one.slug, product_title: "Primeiro lançamento" })
    expect(await notes(`type = "new_product" && user = "${stranger.id}"`)).toEqual([])
    expect(await notes(`type = "new_product" && user = "${approver.id}"`)).toEqual([])
    expect(await notes(`type = "new_product" && user = "${maker.id}"`)).toEqual([])
  })

  it("push: new_product follows 'launches', daily_rank follows 'votes'", async () => {
    const maker = await be.user("Maker Push")
    const fan = await be.user("Fã Push")
    const endpoint = `https://fcm.googleapis.com/fcm/send/lanca-${++seq}`
    for (const u of [fan, maker]) {
      await u.pb.collection("push_subscriptions").create({
        user: u.id,
        endpoint: `${endpoint}-${u.id}`,
        p256dh: `B${"A".repeat(86)}`,
        auth: "A".repeat(22),
      })
    }
    await follow(fan, maker.id)
    const jobs = (user: string, kind: string) =>
      be.admin.collection("push_jobs").getFullList({ filter: `user = "${user}" && kind = "${kind}"` })

    const a = await submitProduct(maker.pb, { title: "Lançamento com push" })
    await approve(a.id)
    const pushed = await jobs(fan.id, "new_product")
    expect(pushed.map((j) => j.payload)).toEqual([
      {
        title: "Novo lançamento",
        body: "Maker Push lançou Lançamento com push",
        url: `/products/${a.slug}`,
        tag: `launch-${a.id}`,
      },
    ])

    // turned off: no push (the in-app notification still comes, on another day's approval)
    expect(
      await fan.pb.send("/api/vitrine/push/preferences", { method: "PUT", body: { launches: false } }),
    ).toMatchObject({ launches: false, votes: true })

    // the place of the day: votes on
    const ranked = await published(maker.id, "2025-08-20 15:00:00.000Z", 1)
    await closeDay("2025-08-20")
    expect((await jobs(maker.id, "daily_rank")).map((j) => j.payload)).toEqual([
      {
        title: "Seu produto ficou em 1º lugar em 20/08",
        body: `${ranked.title} está no pódio do dia. Veja o ranking!`,
        url: "/ranking/2025-08-20",
        tag: `rank-${ranked.id}`,
      },
    ])
    // votes off: told in the app only
    await maker.pb.send("/api/vitrine/push/preferences", { method: "PUT", body: { votes: false } })
    const later = await published(maker.id, "2025-08-21 15:00:00.000Z", 0)
    await closeDay("2025-08-21")
    expect(await notes(`type = "daily_rank" && product = "${later.id}"`)).toHaveLength(1)
    expect(await jobs(maker.id, "daily_rank")).toHaveLength(1)
  })

  it("'Seguindo': the followed makers' approved products, newest first, for the signed-in only", async () => {
    const m1 = await be.user("Maker Um")
    const m2 = await be.user("Maker Dois")
    const other = await be.user("Maker Outro")
    const fan = await be.user("Fã do Feed")
    await follow(fan, m1.id)
    await follow(fan, m2.id)
    const old = await published(m1.id, "2025-09-01 12:00:00.000Z")
    const newer = await published(m2.id, "2025-09-02 12:00:00.000Z")
    await published(other.id, "2025-09-03 12:00:00.000Z")
    const { id: pending } = await submitProduct(m1.pb, { title: "Pendente do feed" })

    const feed = await listProducts(fan.pb, { following: "true" })
    expect(feed.items.map((p) => p.id)).toEqual([newer.id, old.id])
    expect(feed.items.map((p) => p.id)).not.toContain(pending)
    expect(
      (await listProducts(await be.user("Ninguém Seguido").then((u) => u.pb), { following: "true" })).items,
    ).toEqual([])
    const err = await refusal(listProducts(be.anon(), { following: "true" }))
    expect([err.status, err.message]).toEqual([401, "Entre para ver os produtos de quem você segue."])
  })
})
