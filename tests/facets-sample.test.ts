// The counts beside the filters in a catalogue larger than what they count: under filters (a
// search included), each facet counts the newest 1,000 products the other filters leave, and says
// when more remain (categoriesMore / tagsMore), so one costs the same at 100,000 products as at
// 1,000 (grouping all of them took 0.3-0.45 s there for 'Feito com Lovable'). Below 1,000 they are
// exact. 3,100 products written as the bench writes them (scripts/lib/bench-seed.mjs: one in three
// 'Feito com Lovable', published a minute apart, newest last); the response cache off.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seedLookups, seedProducts } from "../scripts/lib/bench-seed.mjs"
import { startBackend, type TestBackend } from "./helpers/pocketbase"
import { allPages, type Card } from "./helpers/products"

const SAMPLE = 1000
let be: TestBackend

interface Facets {
  categories: Array<{ id: string; name: string; count: number }>
  tags: Array<{ id: string; name: string; count: number }>
  categoriesMore: boolean
  tagsMore: boolean
}
const facetsFor = (query: Record<string, string>) => be.anon().send<Facets>("/api/vitrine/facets", { query })
/** every product of a listing, newest first */
const newest = async (query: Record<string, string>) => (await allPages(be.anon(), { ...query, sort: "recent" })).flat()

/** per category and per tag id, how many of `cards` have it */
function tally(cards: Card[]) {
  const categories = new Map<string, number>()
  const tags = new Map<string, number>()
  for (const c of cards) {
    if (c.category) categories.set(c.category.id, (categories.get(c.category.id) ?? 0) + 1)
    for (const t of c.tags ?? []) tags.set(t.id, (tags.get(t.id) ?? 0) + 1)
  }
  return { categories, tags }
}
const countsOf = (rows: Array<{ id: string; count: number }>) =>
  new Map(rows.filter((r) => r.count > 0).map((r) => [r.id, r.count]))

beforeAll(async () => {
  be = await startBackend({ VITRINE_LIST_CACHE: "off" })
  await seedProducts(be.admin, await seedLookups(be.admin), 0, 3100)
}, 120_000)
afterAll(() => be?.stop())

describe("facets over more products than they count", () => {
  it("'Feito com Lovable' (1,033 products): the newest 1,000 counted, and 'more' said", async () => {
    const lovable = await newest({ lovable: "true" })
    expect(lovable).toHaveLength(1033)
    const f = await facetsFor({ lovable: "true" })
    expect({ categoriesMore: f.categoriesMore, tagsMore: f.tagsMore }).toEqual({ categoriesMore: true, tagsMore: true })
    const expected = tally(lovable.slice(0, SAMPLE))
    expect(countsOf(f.categories)).toEqual(expected.categories)
    expect(countsOf(f.tags)).toEqual(expected.tags)
    // every category is listed, those the sample misses with 0
    expect(f.categories).toHaveLength(8)
  })

  it("each facet apart: a category's count over 'Feito com Lovable' (more), its tags exactly (fewer)", async () => {
    const f0 = await facetsFor({ lovable: "true" })
    const category = f0.categories.find((c) => c.count > 0)!.id
    const f = await facetsFor({ lovable: "true", category })
    // choosing another category would list from all 1,033: counted over the newest 1,000
    expect(f.categoriesMore).toBe(true)
    expect(countsOf(f.categories)).toEqual(countsOf(f0.categories))
    // the tags under both filters: every product counted, exactly what choosing each would list
    const both = await newest({ lovable: "true", category })
    expect(both.length).toBeLessThan(SAMPLE)
    expect(f.tagsMore).toBe(false)
    expect(countsOf(f.tags)).toEqual(tally(both).tags)
  })

  it("a broad search: its newest 1,000 matches counted, and 'more' said", async () => {
    const search = "aplicativo OR plataforma OR ferramenta OR site OR assistente"
    const matches = await newest({ search })
    expect(matches.length).toBeGreaterThan(SAMPLE)
    const f = await facetsFor({ search })
    expect({ categoriesMore: f.categoriesMore, tagsMore: f.tagsMore }).toEqual({ categoriesMore: true, tagsMore: true })
    // (published in the order they were submitted: the newest matches are the newest by date too)
    const expected = tally(matches.slice(0, SAMPLE))
    expect(countsOf(f.categories)).toEqual(expected.categories)
    expect(countsOf(f.tags)).toEqual(expected.tags)
  })
})
