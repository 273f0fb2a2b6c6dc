// A search at the edge of its relevance window, and the upkeep of the full-text indexes, on the
// real server. By relevance a search lists its best 150 matches at most, and its count says so
// ("Mais de 150") instead of a number the list never reaches; by date the same search lists and
// counts every match. The indexes are merged into one segment by a superuser's request and by a
// minute job (through an internal route that answers only this process), with the same results
// before and after.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"
import { allPages, listProducts, refusal } from "./helpers/products"

let be: TestBackend
let maker: string
const MATCHES = 160

/** An approved product, in a transaction of its own (so a segment of its own in the indexes). */
const approved = (b: TestBackend, owner: string, i: number, word: string) =>
  b.admin.collection("products").create({
    title: `${word} número ${i}`,
    description: `Um produto do ${word} ${i % 10 === 0 ? "especial" : "comum"}, com descrição longa o bastante.`,
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: owner,
    published_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace("T", " "),
    vote_count: i % 7,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })

const segments = async (b: TestBackend) => {
  const res = await b.admin.sql.run(
    "SELECT (SELECT COUNT(DISTINCT segid) FROM products_fts_idx) AS full_index, " +
      "(SELECT COUNT(DISTINCT segid) FROM products_fts_recent_idx) AS recent_index",
  )
  return { full: Number(res.rows[0]![0]), recent: Number(res.rows[0]![1]) }
}

type Page = Awaited<ReturnType<typeof listProducts>> & { total?: number; totalMore?: boolean }
const first = async (q: Record<string, string>) => (await listProducts(be.anon(), q)) as Page
const idsOf = async (q: Record<string, string>) => (await allPages(be.anon(), q)).flat().map((p) => p.id)

beforeAll(async () => {
  // the minute job stays out of the way (February 30th): the test asks for the merge itself
  be = await startBackend({ VITRINE_SEARCH_TIDY_CRON: "0 0 30 2 *" })
  maker = (await be.user("Maker Mosaico")).id
  for (let i = 0; i < MATCHES; i += 8) {
    await Promise.all(Array.from({ length: 8 }, (_, k) => approved(be, maker, i + k, "mosaico")))
  }
}, 120_000)
afterAll(() => be?.stop())

describe("a search past its relevance window", () => {
  it("by relevance lists 150 and says 'more than 150'; by date lists and counts all 160", async () => {
    const relevance = await first({ search: "mosaicos" })
    expect({ total: relevance.total, more: relevance.totalMore }).toEqual({ total: 150, more: true })
    expect(await idsOf({ search: "mosaicos" })).toHaveLength(150)

    const byDate = await first({ search: "mosaicos", sort: "recent" })
    expect({ total: byDate.total, more: byDate.totalMore }).toEqual({ total: MATCHES, more: false })
    expect(new Set(await idsOf({ search: "mosaicos", sort: "recent" })).size).toBe(MATCHES)
  })

  it("under the window, the count is exact and the list holds that many", async () => {
    const few = await first({ search: "mosaico especial" })
    expect({ total: few.total, more: few.totalMore }).toEqual({ total: MATCHES / 10, more: false })
    expect(await idsOf({ search: "mosaico especial" })).toHaveLength(MATCHES / 10)
  })
})

describe("the full-text indexes' upkeep", () => {
  it("a superuser merges each index into one segment; every search answers the same after", async () => {
    const before = await segments(be)
    // 20 rounds of 8 concurrent creations: more segments than automerge leaves
    expect(before.full).toBeGreaterThan(1)
    expect(before.recent).toBeGreaterThan(1)
    const queries: Array<Record<string, string>> = [
      { search: "mosaico" },
      { search: "mosaico -especial" },
      { search: '"mosaico número"', sort: "top" },
      { search: "especial OR comum", sort: "recent" },
    ]
    const answers = await Promise.all(queries.map(idsOf))

    const res = await be.admin.send<{
      before: Record<string, number>
      after: Record<string, number>
      done: boolean
    }>("/api/vitrine/admin/search-index", { method: "POST" })
    expect(res).toMatchObject({
      before: { products_fts: before.full, products_fts_recent: before.recent },
      after: { products_fts: 1, products_fts_recent: 1 },
      done: true,
    })
    expect(await segments(be)).toEqual({ full: 1, recent: 1 })
    expect(await Promise.all(queries.map(idsOf))).toEqual(answers)

    // nothing left to do: the next call only looks
    const again = await be.admin.send("/api/vitrine/admin/search-index", { method: "POST" })
    expect(again).toMatchObject({ before: { products_fts: 1 }, after: { products_fts: 1 }, done: true })
  })

  it("refuses anyone but a superuser; the internal route is a 404 without this process's secret", async () => {
    const member = await be.user("Membro Curioso")
    for (const pb of [be.anon(), member.pb]) {
      const err = await refusal(pb.send("/api/vitrine/admin/search-index", { method: "POST" }))
      expect([401, 403]).toContain(err.status)
    }
    for (const secret of [null, "", "adivinhado"]) {
      const res = await fetch(`${be.url}/_vitrine/search-tidy`, {
        method: "POST",
        headers: secret === null ? {} : { "X-Vitrine-Internal": secret },
      })
      expect(res.status).toBe(404)
    }
  })
})

describe("the minute job", () => {
  it("merges the indexes by itself, through the internal route", async () => {
    const b = await startBackend({ VITRINE_SEARCH_TIDY_CRON: "* * * * *" })
    try {
      const owner = (await b.user("Maker Cron")).id
      // the job runs at the top of each minute: the products go in well before the next run
      await expect.poll(() => new Date().getSeconds(), { timeout: 20_000, interval: 200 }).toBeLessThan(40)
      for (let i = 0; i < 12; i++) await approved(b, owner, i, "azulejo")
      expect((await segments(b)).full).toBeGreaterThan(1)
      const found = (await listProducts(b.anon(), { search: "azulejos", sort: "recent" })).items.map((p) => p.id)
      expect(found).toHaveLength(12)
      await expect.poll(() => segments(b), { timeout: 75_000, interval: 1000 }).toEqual({ full: 1, recent: 1 })
      expect((await listProducts(b.anon(), { search: "azulejos", sort: "recent" })).items.map((p) => p.id)).toEqual(
        found,
      )
    } finally {
      await b.stop()
    }
  }, 90_000)
})
