// Launch days, the ranking, following makers and maker analytics against the real server (issue
// 16): São Paulo day boundaries (a product approved at 23:59 and at 00:01 local time), ranking
// order, ranks and pages, the close of a day (top 3 told once), follows and their notifications,
// the 'Seguindo' feed, and who may read a product's numbers.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"
import { listProducts, refusal, submitProduct } from "./helpers/products"
import type { ProductCardDTO } from "../src/features/products/types"

type User = { pb: PocketBase; id: string }
interface RankingPage {
  period: "day" | "week" | "month"
  key: string
  from: string
  to: string
  today: string
  prev: string | null
  next: string | null
  items: Array<{ rank: number; product: ProductCardDTO }>
  nextCursor: string | null
}

let be: TestBackend
let staff: User
let seq = 0

beforeAll(async () => {
  be = await startBackend()
  staff = await be.user("Equipe Ranking", ["moderator"])
})
afterAll(async () => {
  await be?.stop()
})

const DAY_MS = 86_400_000
/** Today in São Paulo (UTC-3, no daylight saving time since 2019). */
const spDay = (ms = Date.now()) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10)

/** An approved product published at `published` (ISO, UTC), made by the superuser. */
async function published(owner: string, publishedAt: string, votes = 0) {
  seq += 1
  const p = await be.admin.collection("products").create({
    slug: `lancamento-${seq}`,
    title: `Lançamento de teste ${seq}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: owner,
    published_at: publishedAt,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
  // vote_count is recounted from rows by the server: set it through SQL-free means, real votes
  for (let i = 0; i < votes; i++) {
    const voter = await voterPool(i)
    await voter.pb.send(`/api/vitrine/products/${p.id}/vote`, { method: "PUT", body: {} })
  }
  return p
}

const voters: User[] = []
async function voterPool(i: number) {
  while (voters.length <= i) voters.push(await be.user(`Eleitor ${voters.length}`))
  return voters[i]!
}

const ranking = (query: Record<string, string | number>, pb: PocketBase = be.anon()) =>
  pb.send<RankingPage>("/api/vitrine/ranking", { method: "GET", query })
const closeDay = (day: string) =>
  be.admin.send<{ closed: boolean; products: number; awarded: Array<{ product: string; rank: number }> }>(
    "/api/vitrine/launches/close",
    { method: "POST", body: { day } },
  )
const approve = (id: string, by: User = staff) =>
  by.pb.send(`/api/vitrine/admin/products/${id}/approve`, { method: "POST" })
const follow = (u: User, maker: string, on = true, id?: string) =>
  u.pb.send<{ following: boolean; followers: number }>(`/api/vitrine/makers/${maker}/follow`, {
    method: on ? "PUT" : "DELETE",
    body: id ? { id } : {},
  })
const notes = (filter: string) => be.admin.collection("notifications").getFullList({ filter, sort: "created" })
const ids = (page: RankingPage) => page.items.map((i) => i.product.id)
const clientId = () => Math.random().toString(36).slice(2).padEnd(15, "0").slice(0, 15)

describe("launch days in São Paulo time", () => {
  it("approved at 23:59 and at 00:01 local time: two different launch days, weeks and months", async () => {
    const maker = await be.user("Maker Meia-Noite")
    // 23:59 on Monday 31/03/2025 in São Paulo is 02:59 UTC on 01/04; 00:01 on 01/04 is 03:01 UTC
    const late = await published(maker.id, "2025-04-01 02:59:00.000Z")
    const early = await published(maker.id, "2025-04-01 03:01:00.000Z")
    expect([late.launch_day, late.launch_week, late.launch_month]).toEqual(["2025-03-31", "2025-03-31", "2025-03"])
    expect([early.launch_day, early.launch_week, early.launch_month]).toEqual(["2025-04-01", "2025-03-31", "2025-04"])

    expect(ids(await ranking({ period: "day", date: "2025-03-31" }))).toEqual([late.id])
    expect(ids(await ranking({ period: "day", date: "2025-04-01" }))).toEqual([early.id])
    expect(ids(await ranking({ period: "month", date: "2025-03-15" }))).toEqual([late.id])
    expect(ids(await ranking({ period: "month", date: "2025-04-30" }))).toEqual([early.id])
    // the same week (Monday 31/03 to Sunday 06/04): ties go to the earlier published
    const week = await ranking({ period: "week", date: "2025-04-06" })
    expect([week.key, week.from, week.to]).toEqual(["2025-03-31", "2025-03-31", "2025-04-06"])
    expect(ids(week)).toEqual([late.id, early.id])
  })

  it("Sunday 23:59 and Monday 00:01 fall in different weeks", async () => {
    const maker = await be.user("Maker Domingo")
    const sunday = await published(maker.id, "2025-03-17 02:59:00.000Z") // Sunday 16/03, 23:59 local
    const monday = await published(maker.id, "2025-03-17 03:01:00.000Z") // Monday 17/03, 00:01 local
    expect([sunday.launch_day, sunday.launch_week]).toEqual(["2025-03-16", "2025-03-10"])
    expect([monday.launch_day, monday.launch_week]).toEqual(["2025-03-17", "2025-03-17"])
    expect(ids(await ranking({ period: "week", date: "2025-03-16" }))).toEqual([sunday.id])
    expect(ids(await ranking({ period: "week", date: "2025-03-17" }))).toEqual([monday.id])
  })

  it("an approval by staff launches the product today, in São Paulo: 'Hoje' lists it", async () => {
    const maker = await be.user("Maker Aprovado")
    const { id } = await submitProduct(maker.pb, { title: "Produto aprovado hoje" })
    const before = spDay()
    await approve(id)
    const after = spDay()
    const rec = await be.admin.collection("products").getOne(id)
    expect([before, after]).toContain(rec.launch_day)
    const today = await ranking({ period: "today", limit: 48 })
    expect(today.key).toBe(spDay())
    expect(today.next).toBeNull()
    expect(ids(today)).toContain(id)
    const yesterday = await ranking({ period: "yesterday" })
    expect(yesterday.key).toBe(spDay(Date.now() - DAY_MS))
    expect(ids(yesterday)).not.toContain(id)
    expect(yesterday.next).toBe(today.key)
    // a pending product is in no ranking
    const { id: pending } = await submitProduct(maker.pb, { title: "Produto ainda pendente" })
    expect(ids(await ranking({ period: "today", limit: 48 }))).not.toContain(pending)
  })

  it("the owner cannot set the launch day: it always follows the publication time", async () => {
    const maker = await be.user("Maker Esperto")
    const p = await published(maker.id, "2025-05-10 15:00:00.000Z")
    await expect(maker.pb.collection("products").update(p.id, { launch_day: "2025-05-20" })).rejects.toMatchObject({
      status: 404,
    })
    const fixed = await be.admin.collection("products").update(p.id, { launch_day: "2025-05-20" })
    expect(fixed.launch_day).toBe("2025-05-10") // even the superuser's value is recomputed
  })
})

describe("the ranking", () => {
  it("orders by votes, ties by earlier publication, with ranks that continue across pages", async () => {
    const maker = await be.user("Maker Ordem")
    const at = (hh: string) => `2025-06-02 ${hh}:00:00.000Z` // 02/06 in São Paulo for 03:00-23:59 UTC
    const a = await published(maker.id, at("12"), 2)
    const b = await published(maker.id, at("10"), 0)
    const c = await published(maker.id, at("09"), 3)
    const d = await published(maker.id, at("11"), 2)
    const e = await published(maker.id, at("08"), 0)
    const f = await published(maker.id, at("13"), 0)
    const expected = [c.id, d.id, a.id, e.id, b.id, f.id]
    const whole = await ranking({ period: "day", date: "2025-06-02" })
    expect(ids(whole)).toEqual(expected)
    expect(whole.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6])
    expect(whole.items[0]?.product).toMatchObject({ vote_count: 3, title: c.title, maker: { id: maker.id } })

    // pages of 2, and of 4 (a page boundary inside the 0-vote tie)
    for (const limit of [2, 4]) {
      const seen: Array<[number, string]> = []
      let cursor: string | null = null
      do {
        const page: RankingPage = await ranking({
          period: "day",
          date: "2025-06-02",
          limit,
          ...(cursor ? { cursor } : {}),
        })
        seen.push(...page.items.map((i): [number, string] => [i.rank, i.product.id]))
        cursor = page.nextCursor
      } while (cursor)
      expect(seen).toEqual(expected.map((id, i) => [i + 1, id]))
    }
  })

  it("a day with no launches is empty; a bad date, period or cursor is refused in Portuguese", async () => {
    const empty = await ranking({ period: "day", date: "2001-01-01" })
    expect(empty).toMatchObject({ items: [], nextCursor: null, prev: "2000-12-31", next: "2001-01-02" })
    for (const query of [
      { period: "day", date: "2025-02-30" },
      { period: "day" },
      { period: "week", date: "ontem" },
    ] as Array<Record<string, string>>) {
      const err = await refusal(ranking(query))
      expect([err.status, err.message]).toEqual([400, "Data inválida. Use o formato AAAA-MM-DD."])
    }
    expect((await refusal(ranking({ period: "ano" }))).message).toBe("Período inválido.")
    expect((await refusal(ranking({ period: "day", date: "2025-06-02", cursor: "xyz" }))).status).toBe(400)
  })
})

describe("closing a day", () => {
  it("tells the makers of the top 3, once, even when two closes race; the 4th hears nothing", async () => {
    const makers = await Promise.all([1, 2, 3, 4].map((i) => be.user(`Maker Pódio ${i}`)))
    const at = (hh: string) => `2025-07-08 ${hh}:00:00.000Z`
    const first = await published(makers[0]!.id, at("12"), 3)
    const second = await published(makers[1]!.id, at("10"), 2)
    const third = await published(makers[2]!.id, at("11"), 2)
    const fourth = await published(makers[3]!.id, at("09"), 1)

    const [x, y] = await Promise.all([closeDay("2025-07-08"), closeDay("2025-07-08")])
    expect([x.closed, y.closed].sort()).toEqual([false, true])
    expect((x.closed ? x : y).awarded).toEqual([
      { product: first.id, rank: 1 },
      { product: second.id, rank: 2 },
      { product: third.id, rank: 3 },
    ])
    expect((await closeDay("2025-07-08")).closed).toBe(false)

    // by rank: the three are written in one transaction, often within the same millisecond
    const told = (await notes(`type = "daily_rank" && payload.day = "2025-07-08"`)).sort(
      (a, b) => a.payload.rank - b.payload.rank,
    )
    expect(told.map((n) => [n.user, n.product, n.payload.rank, n.actor])).toEqual([
      [makers[0]!.id, first.id, 1, ""],
      [makers[1]!.id, second.id, 2, ""],
      [makers[2]!.id, third.id, 3, ""],
    ])
    expect(await notes(`type = "daily_rank" && product = "${fourth.id}"`)).toEqual([])
    // the maker reads it through the collection API like any notification
    const own = await makers[1]!.pb.collection("notifications").getFullList({ filter: 'type = "daily_rank"' })
    expect(own.map((n) => [n.type, n.payload])).toEqual([
      ["daily_rank", { product_slug: second.slug, product_title: second.title, rank: 2, day: "2025-07-08" }],
    ])
  })

  it("only a superuser closes a chosen day, and only one that has ended", async () => {
    const someone = await be.user("Curioso")
    const err = await refusal(
      someone.pb.send("/api/vitrine/launches/close", { method: "POST", body: { day: "2025-01-01" } }),
    )
    expect([err.status, err.message]).toEqual([403, "Apenas o superusuário pode fechar um dia escolhido."])
    const today = await refusal(closeDay(spDay()))
    expect([today.status, today.message]).toEqual([400, "Este dia ainda não terminou em São Paulo."])
    // without a day anyone may ask: it only closes days that ended (what the next read would do)
    await expect(be.anon().send("/api/vitrine/launches/close", { method: "POST", body: {} })).resolves.toMatchObject({
      closed: expect.any(Array),
    })
  })
})

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

describe("maker analytics", () => {
  const stats = (pb: PocketBase, slug: string) =>
    pb.send(`/api/vitrine/products/by-slug/${encodeURIComponent(slug)}/stats`, { method: "GET" })

  it("counts today's views, visits, votes and comments, and keeps what stands", async () => {
    const maker = await be.user("Maker Números")
    const p = await published(maker.id, new Date().toISOString())
    const fans = await Promise.all([1, 2].map((i) => be.user(`Visitante ${i}`)))
    for (const f of fans) {
      await f.pb.send(`/api/vitrine/products/${p.id}/view`, { method: "POST" })
      await f.pb.send(`/api/vitrine/products/${p.id}/view`, { method: "POST" })
      await f.pb.send(`/api/vitrine/products/${p.id}/vote`, { method: "PUT", body: {} })
    }
    await fans[0]!.pb.send(`/api/vitrine/products/${p.id}/click`, { method: "POST" })
    const c1 = await fans[0]!.pb
      .collection("comments")
      .create({ product: p.id, user: fans[0]!.id, content: "Comentário contado no dia." })
    await fans[1]!.pb
      .collection("comments")
      .create({ product: p.id, user: fans[1]!.id, content: "Outro comentário do dia." })
    await fans[1]!.pb.send(`/api/vitrine/products/${p.id}/vote`, { method: "DELETE" })
    await fans[0]!.pb.collection("comments").update(c1.id, { is_deleted: true })

    const s = await stats(maker.pb, p.slug)
    expect(s.days).toHaveLength(30)
    expect(s.to).toBe(spDay())
    expect(s.days.at(-1)).toEqual({ day: spDay(), views: 4, clicks: 1, votes: 1, comments: 1 })
    expect(s.days.slice(0, -1).every((d: { views: number; votes: number }) => d.views === 0 && d.votes === 0)).toBe(
      true,
    )
    expect(s.totals).toEqual({ views: 4, clicks: 1, votes: 1, comments: 1 })
    expect(s.window).toEqual({ views: 4, clicks: 1, votes: 1, comments: 1 })
    expect(s.conversion).toBe(0.25)
    expect(s.ranks.map((r: { period: string }) => r.period)).toEqual(["day", "week", "month"])
    expect(s.ranks[0]).toMatchObject({ key: spDay(), rank: expect.any(Number), final: false })
  })

  it("owner and staff only: others get 403 (approved) or 404 (not visible), visitors 401", async () => {
    const maker = await be.user("Maker Privada")
    const other = await be.user("Outra Pessoa")
    const approved = await published(maker.id, "2025-10-10 15:00:00.000Z")
    const { slug: pendingSlug } = await submitProduct(maker.pb, { title: "Pendente com números" })

    await expect(stats(maker.pb, approved.slug)).resolves.toMatchObject({ product: { id: approved.id } })
    await expect(stats(staff.pb, approved.slug)).resolves.toMatchObject({ product: { id: approved.id } })
    await expect(stats(maker.pb, pendingSlug)).resolves.toMatchObject({ ranks: [] })
    const forbidden = await refusal(stats(other.pb, approved.slug))
    expect([forbidden.status, forbidden.message]).toEqual([
      403,
      "Só quem criou o produto e a equipe veem as estatísticas.",
    ])
    expect((await refusal(stats(other.pb, pendingSlug))).status).toBe(404)
    expect((await refusal(stats(other.pb, "nao-existe"))).status).toBe(404)
    expect((await refusal(stats(be.anon(), approved.slug))).status).toBe(401)
    // the raw table is not a collection: no way around the route
    expect((await refusal(be.anon().collection("product_daily_stats").getList())).status).toBe(404)
  })

  it("rank history: the final place once the day closed, the live places in the week and month", async () => {
    const maker = await be.user("Maker Histórico")
    const rival = await be.user("Maker Rival")
    await published(rival.id, "2025-11-04 12:00:00.000Z", 2)
    const mine = await published(maker.id, "2025-11-04 13:00:00.000Z", 1)
    await published(rival.id, "2025-11-06 12:00:00.000Z", 3) // same week and month, another day
    await closeDay("2025-11-04")
    await published(rival.id, "2025-11-04 14:00:00.000Z", 2) // published later, after the close (superuser)
    const s = await stats(maker.pb, mine.slug)
    expect(s.ranks).toEqual([
      { period: "day", key: "2025-11-04", rank: 2, of: 2, more: false, final: true },
      { period: "week", key: "2025-11-03", rank: 4, of: 4, more: false, final: false },
      { period: "month", key: "2025-11", rank: 4, of: 4, more: false, final: false },
    ])
  })
})
