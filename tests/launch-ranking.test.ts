// Launch days and the ranking against the real server (issue 16): São Paulo day boundaries (a
// product approved at 23:59 and at 00:01 local time, Sunday and Monday), 'Hoje', ranking order,
// ranks and pages, refusals in Portuguese, and the close of a day (top 3 told once, superuser only
// for a chosen day). The server and shared steps are tests/helpers/launch.ts.
import { describe, expect, it } from "vitest"
import {
  approve,
  be,
  closeDay,
  DAY_MS,
  ids,
  notes,
  published,
  ranking,
  spDay,
  withLaunchBackend,
  type RankingPage,
} from "./helpers/launch"
import { refusal, submitProduct } from "./helpers/products"

withLaunchBackend()

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
