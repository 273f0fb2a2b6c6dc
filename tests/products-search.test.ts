// Full-text search on the real server's public listing: accents and case, Portuguese word forms,
// tag and category names, "phrases", -exclusions, OR, relevance against sort=top, input that tries
// to break or inject, and renamed tags and categories. Products in review or rejected are never
// found. The catalogue (with its "Lote" batch) is tests/helpers/products-read-fixture.ts.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestBackend } from "./helpers/pocketbase"
import { allPages, images, listProducts } from "./helpers/products"
import {
  cat,
  ids,
  nextMoment,
  prod,
  product,
  seedBatch,
  setupCatalog,
  stopCatalog,
} from "./helpers/products-read-fixture"

let be: TestBackend
let ana: { pb: PocketBase; id: string }

beforeAll(async () => {
  ;({ be, ana } = await setupCatalog())
  await seedBatch() // the products that -lote excludes
})
afterAll(stopCatalog)

const search = async (q: string, extra: Record<string, string> = {}) =>
  ids((await listProducts(be.anon(), { search: q, ...extra })).items)

describe("search", () => {
  it("ignores accents and case: 'educacao' finds 'Educação Fácil'", async () => {
    expect(await search("educacao")).toEqual([prod.educacao])
    expect(await search("EDUCAÇÃO")).toEqual([prod.educacao])
    expect(await search("orcamento")).toEqual([prod.orcamento])
  })

  it("tolerates Portuguese word forms: plurals and endings", async () => {
    expect((await search("aplicativos")).sort()).toEqual([prod.educacao, prod.orcamento, prod.receitas].sort())
    expect((await search("receita")).sort()).toEqual([prod.quiz, prod.receitas].sort())
    expect(await search("financeiros")).toEqual(expect.arrayContaining([prod.orcamento, prod.cofrinho]))
    expect(await search("partida")).toEqual(expect.arrayContaining([prod.xadrez, prod.clube]))
  })

  it("searches tag names and category names too", async () => {
    expect(await search("estudos")).toEqual([prod.educacao])
    expect((await search("finanças")).sort()).toEqual([prod.orcamento, prod.cofrinho].sort())
    expect((await search("jogos")).sort()).toEqual([prod.xadrez, prod.quiz, prod.clube].sort())
  })

  it('matches an "exact phrase" only in that order', async () => {
    expect(await search('"controle financeiro"')).toEqual([prod.orcamento])
    expect(await search('"financeiro controle"')).toEqual([])
  })

  it('excludes words with -word and -"phrase"', async () => {
    expect((await search("finanças -crianças")).sort()).toEqual([prod.orcamento])
    expect(await search('jogos -"partidas de xadrez" -tabuleiro')).toEqual([prod.quiz])
    // only exclusions: everything else
    expect(await search("-jogos -finanças -receitas -lote")).toEqual([prod.educacao])
  })

  it("accepts either word with OR", async () => {
    expect((await search("xadrez OR culinária")).sort()).toEqual([prod.xadrez, prod.quiz, prod.clube].sort())
    expect((await search("tabuleiro OR culinária jogos")).sort()).toEqual([prod.quiz, prod.clube].sort())
  })

  it("ranks a title match above a passing mention, then by votes; sort=top overrides relevance", async () => {
    expect(await search("xadrez")).toEqual([prod.xadrez, prod.clube])
    expect(await search("xadrez", { sort: "top" })).toEqual([prod.clube, prod.xadrez])
  })

  it("sorted by votes or by date, lists its matches as the listing does: same order, ties, pages and cards", async () => {
    // every approved product of the batch says "lote" (its category too); the three in review do
    // not show. Votes tie in fours, so pages of 7 end inside ties.
    for (const sort of ["top", "recent"]) {
      const listing = await allPages(be.anon(), { category: cat.lote!, sort, limit: 7 })
      expect(listing.flat().length).toBe(45)
      expect({ sort, pages: await allPages(be.anon(), { search: "lote", sort, limit: 7 }) }).toEqual({
        sort,
        pages: listing,
      })
      // with a filter that reads the product row
      expect({
        sort,
        pages: await allPages(be.anon(), { search: "lote", category: cat.lote!, sort, limit: 7 }),
      }).toEqual({
        sort,
        pages: listing,
      })
    }
  })

  it("never finds products in review or rejected", async () => {
    expect(await search("segredo")).toEqual([])
    expect(await search("rejeitada")).toEqual([])
    expect(await search("tag-secreta")).toEqual([])
  })

  it.each([
    '"',
    '""',
    "*",
    "-",
    "NEAR(",
    "NEAR(a b)",
    "title:xadrez",
    "{title}: xadrez",
    ")",
    "(((",
    "^xadrez",
    "a AND OR NOT",
    "' OR 1=1 --",
    "'; DROP TABLE products; --",
    '"); DELETE FROM products; --',
    "xadrez\u0000",
    "ção".repeat(200),
  ])("answers %j without an error, as plain text", async (q) => {
    const page = await listProducts(be.anon(), { search: q })
    expect(Array.isArray(page.items)).toBe(true)
    expect(ids(page.items)).not.toContain(prod.pendente)
    expect(ids(page.items)).not.toContain(prod.rejeitado)
  })

  it("treats FTS syntax in words as text: title:xadrez searches the words 'title xadrez'", async () => {
    expect(await search("title:xadrez")).toEqual([])
    expect(await search("NEAR(xadrez")).toEqual([])
    expect(await search("xadrez*")).toEqual([prod.xadrez, prod.clube])
    // the data is still there
    expect((await be.admin.collection("products").getList(1, 1)).totalItems).toBeGreaterThan(0)
  })

  it("finds a word in any of its forms, whichever form the product uses", async () => {
    const id = (
      await product({
        title: "Guia dos Animais",
        description: "Passeios fáceis por jardins, com lençóis e água para cães de todas as idades, no parque.",
      })
    ).id
    try {
      for (const q of ["animal", "animais", "ANIMAL", "jardim", "lençol", "cão", "guias"]) {
        expect(await search(q), q).toEqual([id])
      }
      // 'Educação Fácil' is found too
      expect((await search("facil")).sort()).toEqual([id, prod.educacao].sort())
      expect(await search('"passeio facil"')).toEqual([id])
      // a word typed halfway is not the word
      expect(await search("jard")).toEqual([])
    } finally {
      await be.admin.collection("products").delete(id)
    }
    expect(await search("animais")).toEqual([])
  })

  it("follows a renamed tag or category at once, in every form of the new name", async () => {
    const category = (await be.admin.collection("categories").create({ name: "Brinquedos", slug: "brinquedos" })).id
    const kite = (await be.admin.collection("tags").create({ name: "pipas" })).id
    const id = (
      await be.admin.collection("products").create({
        title: "Caixa Surpresa",
        description: "Uma caixa com surpresas para crianças pequenas, montada toda semana com carinho.",
        url: "https://exemplo.com.br",
        category,
        created_by: ana.id,
        status: "approved",
        published_at: nextMoment(),
        images: [images.png("capa.png")],
      })
    ).id
    await be.admin.collection("product_tags").create({ product: id, tag: kite, position: 0 })
    try {
      expect(await search("pipa")).toEqual([id])
      expect(await search("brinquedo")).toEqual([id])
      await be.admin.collection("tags").update(kite, { name: "balões" })
      await be.admin.collection("categories").update(category, { name: "Fantasias" })
      expect(await search("balão")).toEqual([id])
      expect(await search("fantasia")).toEqual([id])
      expect(await search("pipas")).toEqual([])
      expect(await search("brinquedos")).toEqual([])
    } finally {
      await be.admin.collection("products").delete(id)
      // the tag went with its last product (unused tags are removed); the category stays
      await expect(be.admin.collection("tags").getOne(kite)).rejects.toMatchObject({ status: 404 })
      await be.admin.collection("categories").delete(category)
    }
  })
})
