// The server and the shared steps of the launch suites (tests/launch-*.test.ts): approved products
// published at a chosen moment (with real votes from a pool of voters), the ranking route, closing a
// day, approving, following a maker, and São Paulo's calendar day. One server per test file:
// vitest gives each file its own copy of this module.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll } from "vitest"
import type { ProductCardDTO } from "../../src/features/products/types"
import { pngBlob, startBackend, type TestBackend } from "./pocketbase"

type User = { pb: PocketBase; id: string }
export interface RankingPage {
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

// set in beforeAll by withLaunchBackend (live bindings: importers see the values once it ran)
export let be: TestBackend
export let staff: User
let seq = 0

/** Starts PocketBase with a moderator (staff) before the file's tests, and stops it after. */
export function withLaunchBackend() {
  beforeAll(async () => {
    be = await startBackend()
    staff = await be.user("Equipe Ranking", ["moderator"])
  })
  afterAll(async () => {
    await be?.stop()
  })
}

export const DAY_MS = 86_400_000
/** Today in São Paulo (UTC-3, no daylight saving time since 2019). */
export const spDay = (ms = Date.now()) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10)

/** An approved product published at `published` (ISO, UTC), made by the superuser. */
export async function published(owner: string, publishedAt: string, votes = 0) {
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

export const voters: User[] = []
export async function voterPool(i: number) {
  while (voters.length <= i) voters.push(await be.user(`Eleitor ${voters.length}`))
  return voters[i]!
}

export const ranking = (query: Record<string, string | number>, pb: PocketBase = be.anon()) =>
  pb.send<RankingPage>("/api/vitrine/ranking", { method: "GET", query })
export const closeDay = (day: string) =>
  be.admin.send<{ closed: boolean; products: number; awarded: Array<{ product: string; rank: number }> }>(
    "/api/vitrine/launches/close",
    { method: "POST", body: { day } },
  )
export const approve = (id: string, by: User = staff) =>
  by.pb.send(`/api/vitrine/admin/products/${id}/approve`, { method: "POST" })
export const follow = (u: User, maker: string, on = true, id?: string) =>
  u.pb.send<{ following: boolean; followers: number }>(`/api/vitrine/makers/${maker}/follow`, {
    method: on ? "PUT" : "DELETE",
    body: id ? { id } : {},
  })
export const notes = (filter: string) => be.admin.collection("notifications").getFullList({ filter, sort: "created" })
export const ids = (page: RankingPage) => page.items.map((i) => i.product.id)
export const clientId = () => Math.random().toString(36).slice(2).padEnd(15, "0").slice(0, 15)
