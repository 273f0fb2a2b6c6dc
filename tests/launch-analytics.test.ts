// Maker analytics against the real server (issue 16): a product's daily views, visits, votes and
// comments (what stands, not what was undone), its rank history (final once the day closed, live
// in the week and month), and who may read these numbers. The server and shared steps are
// tests/helpers/launch.ts.
import type PocketBase from "pocketbase"
import { describe, expect, it } from "vitest"
import { be, closeDay, published, spDay, staff, withLaunchBackend } from "./helpers/launch"
import { refusal, submitProduct } from "./helpers/products"

withLaunchBackend()

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
