// Facets and totals on the real server: approved products counted per category and per tag, the
// total a listing's first page announces, each filter's count under the other active filters, and
// counts that stay exact through submission, approval, edits, rejection and deletion. The
// catalogue (with its "Lote" batch) is tests/helpers/products-read-fixture.ts.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestBackend } from "./helpers/pocketbase"
import { allPages, listProducts, submitProduct, updateProduct } from "./helpers/products"
import { cat, seedBatch, setupCatalog, stopCatalog, tag } from "./helpers/products-read-fixture"

let be: TestBackend
let bruno: { pb: PocketBase; id: string }

beforeAll(async () => {
  ;({ be, bruno } = await setupCatalog())
  await seedBatch()
})
afterAll(stopCatalog)

describe("facets", () => {
  it("counts approved products per category (by name) and per tag (most used first)", async () => {
    const f = await be.anon().send<{
      categories: Array<{ id: string; name: string; count: number }>
      tags: Array<{ id: string; name: string; count: number }>
    }>("/api/vitrine/facets", {})
    expect(f.categories.filter((c) => c.name !== "Lote")).toEqual([
      { id: cat.design, name: "Design", count: 0 },
      { id: cat.edu, name: "Educação", count: 1 },
      { id: cat.fin, name: "Finanças", count: 2 },
      { id: cat.jogos, name: "Jogos", count: 3 },
    ])
    expect(f.tags).toEqual([
      { id: tag["finanças"], name: "finanças", count: 2 },
      { id: tag.jogos, name: "jogos", count: 2 },
      { id: tag.receitas, name: "receitas", count: 2 },
      { id: tag.aplicativo, name: "aplicativo", count: 1 },
      { id: tag.comunidade, name: "comunidade", count: 1 },
      { id: tag["educação"], name: "educação", count: 1 },
      { id: tag.estudos, name: "estudos", count: 1 },
    ])
  })
})

describe("how many", () => {
  type Facet = { id: string; name: string; count: number }
  const facetsFor = (q: Record<string, string>) =>
    be.anon().send<{ categories: Facet[]; tags: Facet[] }>("/api/vitrine/facets", { query: q })
  const countAll = async (q: Record<string, string>) => (await allPages(be.anon(), q)).flat().length

  it("the first page says how many products the listing holds; later pages do not", async () => {
    const views: Array<Record<string, string>> = [
      {},
      { category: cat.fin! },
      { search: "xadrez" },
      { tag: tag.receitas!, sort: "top" },
    ]
    for (const q of views) {
      const first = (await listProducts(be.anon(), { ...q, limit: 2 })) as Awaited<ReturnType<typeof listProducts>> & {
        total?: number
        totalMore?: boolean
      }
      expect({ q, total: first.total, more: first.totalMore }).toEqual({ q, total: await countAll(q), more: false })
      if (first.nextCursor) {
        const second = await listProducts(be.anon(), { ...q, limit: 2, cursor: first.nextCursor })
        expect(second).not.toHaveProperty("total")
      }
    }
    const none = (await listProducts(be.anon(), { search: "palavraquenaoexiste" })) as { total?: number }
    expect(none.total).toBe(0)
  })

  it("each filter's count is what choosing it would list under the other active filters", async () => {
    const filters: Array<Record<string, string>> = [
      { category: cat.jogos! },
      { lovable: "true" },
      { search: "jogo" },
      { tag: tag.receitas! },
    ]
    for (const active of filters) {
      const f = await facetsFor(active)
      for (const c of f.categories) {
        expect({ active, category: c.name, count: c.count }).toEqual({
          active,
          category: c.name,
          count: await countAll({ ...active, category: c.id }),
        })
      }
      for (const t of f.tags) {
        expect({ active, tag: t.name, count: t.count }).toEqual({
          active,
          tag: t.name,
          count: await countAll({ ...active, tag: t.id }),
        })
      }
    }
    // a chosen tag stays listed, to be unchosen, even when nothing else matches
    const lonely = await facetsFor({ tag: tag["tag-secreta"]!, lovable: "true" })
    expect(lonely.tags.find((t) => t.id === tag["tag-secreta"])?.count).toBe(0)
  })
})

describe("facet counts", () => {
  interface Facets {
    categories: Array<{ id: string; name: string; count: number }>
    tags: Array<{ id: string; name: string; count: number }>
  }
  const facets = () => be.anon().send<Facets>("/api/vitrine/facets", {})
  /** The counts recomputed from the records, as {id: count}. */
  async function recount() {
    const approved = await be.admin.collection("products").getFullList({ filter: "status = 'approved'" })
    const approvedIds = new Set(approved.map((p) => p.id))
    const categories: Record<string, number> = {}
    for (const c of await be.admin.collection("categories").getFullList()) categories[c.id] = 0
    for (const p of approved) if (p.category) categories[p.category] = (categories[p.category] ?? 0) + 1
    const tags: Record<string, number> = {}
    for (const pt of await be.admin.collection("product_tags").getFullList()) {
      if (approvedIds.has(pt.product)) tags[pt.tag] = (tags[pt.tag] ?? 0) + 1
    }
    return { categories, tags, all: approved.length }
  }
  async function expectExact() {
    const f = await facets()
    const expected = await recount()
    expect(Object.fromEntries(f.categories.map((c) => [c.id, c.count]))).toEqual(expected.categories)
    expect(Object.fromEntries(f.tags.map((t) => [t.id, t.count]))).toEqual(expected.tags)
    // the unfiltered listing announces every approved product (a kept count too)
    const home = (await listProducts(be.anon(), { limit: 1 })) as { total?: number; totalMore?: boolean }
    expect({ total: home.total, more: home.totalMore }).toEqual({ total: expected.all, more: false })
    // a category's or a tag's own listing announces the same number (read from these counts)
    for (const [key, ids] of [
      ["category", expected.categories],
      ["tag", expected.tags],
    ] as const) {
      for (const [id, count] of Object.entries(ids)) {
        const first = (await listProducts(be.anon(), { [key]: id, limit: 1 })) as {
          total?: number
          totalMore?: boolean
        }
        expect({ [key]: id, total: first.total, more: first.totalMore }).toEqual({
          [key]: id,
          total: count,
          more: false,
        })
      }
    }
  }

  it("stay exact through submission, approval, edits, rejection and deletion", async () => {
    await expectExact()
    const { id } = await submitProduct(bruno.pb, {
      title: "Produto das facetas",
      category: cat.jogos,
      tags: ["faceta-nova", "jogos"],
    })
    await expectExact() // in review: not counted
    await be.admin.collection("products").update(id, { status: "approved" })
    await expectExact()
    expect((await facets()).tags.find((t) => t.name === "faceta-nova")?.count).toBe(1)
    await updateProduct(bruno.pb, id, {
      title: "Produto das facetas",
      category: cat.fin,
      tags: ["faceta-nova", "outra"],
    })
    await expectExact()
    await be.admin.collection("products").update(id, { status: "rejected", rejection_reason: "Fora do tema" })
    await expectExact()
    expect((await facets()).tags.find((t) => t.name === "faceta-nova")).toBeUndefined()
    await be.admin.collection("products").update(id, { status: "approved" })
    await expectExact()
    await bruno.pb.collection("products").delete(id)
    await expectExact()
  })
})
