// The public listing on the real server, as visitors and crawlers meet it: approved products only,
// as complete cards, sorts and filters (also combined), cursors it did not issue refused, cursor
// pages that never repeat or skip when a product is approved between pages, page sizes, and
// answers that reflect a change at once although listings are cached. The catalogue is
// tests/helpers/products-read-fixture.ts.
import type PocketBase from "pocketbase"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import rules from "../pb_hooks/lib/rules.json"
import type { TestBackend } from "./helpers/pocketbase"
import { allPages, listProducts, refusal, type Card } from "./helpers/products"
import { BATCH, cat, ids, prod, seedBatch, setupCatalog, stopCatalog, tag } from "./helpers/products-read-fixture"

let be: TestBackend
let ana: { pb: PocketBase; id: string }
let bruno: { pb: PocketBase; id: string }
let stranger: { pb: PocketBase; id: string }

beforeAll(async () => {
  ;({ be, ana, bruno, stranger } = await setupCatalog())
})
afterAll(stopCatalog)

const PUBLIC_KEYS = ["educacao", "orcamento", "cofrinho", "xadrez", "quiz", "receitas", "clube"]

describe("listing", () => {
  it("shows approved products only, newest first, as complete cards", async () => {
    const page = await listProducts(be.anon())
    expect(ids(page.items)).toEqual(
      PUBLIC_KEYS.slice()
        .reverse()
        .map((k) => prod[k]),
    )
    expect(page.nextCursor).toBeNull()

    const card = page.items.find((c) => c.id === prod.educacao)!
    const record = await be.admin.collection("products").getOne(prod.educacao!)
    expect(card).toEqual({
      id: prod.educacao,
      collectionId: record.collectionId,
      slug: record.slug,
      title: "Educação Fácil",
      description: record.description,
      images: record.images,
      built_with_lovable: true,
      built_with_epic: false,
      vote_count: 10,
      view_count: 0,
      click_count: 0,
      comment_count: 0,
      published_at: record.published_at,
      category: { id: cat.edu, name: "Educação" },
      tags: [
        { id: tag["educação"], name: "educação" },
        { id: tag.estudos, name: "estudos" },
      ],
      maker: {
        id: ana.id,
        collectionId: "_pb_users_auth_",
        username: "ana-souza",
        display_name: "Ana Souza",
        avatar: "",
      },
    })
    expect(card.images[0]).toMatch(/^capa/) // the cover first
  })

  it("sorts by votes with sort=top, newest first among equals", async () => {
    const top = ids((await listProducts(be.anon(), { sort: "top" })).items)
    expect(top).toEqual(
      ["clube", "orcamento", "quiz", "xadrez", "educacao", "cofrinho", "receitas"].map((k) => prod[k]),
    )
  })

  it("filters by category, tag, built with Lovable / EPIC and maker, also combined", async () => {
    const list = async (q: Record<string, string>) => ids((await listProducts(be.anon(), q)).items)
    expect(await list({ category: cat.fin! })).toEqual([prod.cofrinho, prod.orcamento])
    expect(await list({ category: cat.design! })).toEqual([])
    expect(await list({ tag: tag.receitas! })).toEqual([prod.receitas, prod.quiz])
    expect(await list({ tag: tag["tag-secreta"]! })).toEqual([])
    expect(await list({ lovable: "true" })).toEqual([prod.cofrinho, prod.educacao])
    expect(await list({ epic: "true" })).toEqual([prod.cofrinho, prod.orcamento])
    expect(await list({ lovable: "true", epic: "true" })).toEqual([prod.cofrinho])
    expect(await list({ maker: bruno.id })).toEqual([prod.orcamento])
    expect(await list({ category: cat.jogos!, sort: "top" })).toEqual([prod.clube, prod.quiz, prod.xadrez])
    expect(await list({ category: cat.jogos!, search: "xadrez" })).toEqual([prod.xadrez, prod.clube])
  })

  it("refuses a cursor it did not issue, or one issued for another sort", async () => {
    const m = rules.messages.cursorInvalid
    for (const cursor of ["abc", "eyJtIjoicmVjZW50In0", "!!!", "e30"]) {
      const err = await refusal(listProducts(be.anon(), { cursor }))
      expect(err.status).toBe(400)
      expect(err.message).toContain(m)
    }
    const first = await listProducts(be.anon(), { limit: 2 })
    const err = await refusal(listProducts(be.anon(), { limit: 2, sort: "top", cursor: first.nextCursor! }))
    expect(err.status).toBe(400)
  })
})

describe("pages", () => {
  let waiting: string[] = []

  beforeAll(async () => {
    waiting = await seedBatch()
  })

  /** Approves the next waiting product, as moderation does, right after the first page. */
  const approveAfterFirstPage = async (pageIndex: number) => {
    if (pageIndex !== 0) return
    const id = waiting[0]!
    waiting = waiting.slice(1)
    await be.admin.collection("products").update(id, { status: "approved", published_at: "" })
  }

  it.each([
    ["recent", { sort: "recent" }],
    ["top", { sort: "top" }],
    ["search relevance", { search: "lote paginação" }],
  ])("walks every product exactly once (%s) although one is approved between pages", async (_what, params) => {
    const query = { category: cat.lote!, ...params }
    const expected = ids((await listProducts(be.anon(), { ...query, limit: 48 })).items)
    expect(expected.length).toBeGreaterThanOrEqual(BATCH)
    const pages = await allPages(be.anon(), { ...query, limit: 7 }, approveAfterFirstPage)
    const walked = pages.flat().map((c) => c.id)
    expect(new Set(walked).size).toBe(walked.length) // no repeats
    expect(walked).toEqual(expected) // no gaps, same order
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true)
    // the product approved meanwhile is listed from now on
    const after = ids((await listProducts(be.anon(), { ...query, limit: 48 })).items)
    expect(after).toHaveLength(expected.length + 1)
  })

  // Pages of the default size without a search are read as one row through a prepared statement
  // (pb_hooks/lib/products-cards.js pageRows), other sizes through dbx: both give the same cards.
  it.each([
    ["recent", { sort: "recent" }],
    ["top", { sort: "top" }],
    ["recent, without a filter", { sort: "recent", category: "" }],
  ])("pages of the default size hold the same cards as larger pages (%s)", async (_what, params) => {
    const query = { category: cat.lote!, ...params }
    const whole = await listProducts(be.anon(), { ...query, limit: 48 })
    const pages = await allPages(be.anon(), query)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    expect(pages.slice(0, -1).every((p) => p.length === 24)).toBe(true)
    const walked = pages.flat().slice(0, whole.items.length)
    expect(walked).toEqual(whole.items) // the same cards, whole, in the same order
    const total = async (q: Record<string, string | number>) =>
      (await be.anon().send<{ total?: number }>("/api/vitrine/products", { method: "GET", query: q })).total
    expect(await total(query)).toBe(await total({ ...query, limit: 48 }))
  })

  it("returns 24 cards by default and at most 48", async () => {
    const all = await listProducts(be.anon(), { limit: 1000 })
    expect(all.items).toHaveLength(48)
    expect(all.nextCursor).not.toBeNull()
    expect((await listProducts(be.anon())).items).toHaveLength(24)
    expect((await listProducts(be.anon(), { limit: 0 })).items).toHaveLength(1)
    expect((await listProducts(be.anon(), { limit: "muitos" })).items).toHaveLength(24)
  })
})

describe("fresh answers", () => {
  it("reflects a change at once, although listings are cached", async () => {
    const card = async () => (await listProducts(be.anon(), { search: "receitas rapidas" })).items[0]
    expect(await card()).toMatchObject({ title: "Receitas Rápidas", vote_count: 0 })
    await be.admin.collection("products").update(prod.receitas!, { title: "Receitas Rápidas e Baratas" })
    expect(await card()).toMatchObject({ title: "Receitas Rápidas e Baratas", vote_count: 0 })
    // counters may lag a cached listing by 2 s (a busy site keeps its cache through votes)
    await be.admin.collection("votes").create({ product: prod.receitas, user: stranger.id })
    await expect.poll(async () => (await card())?.vote_count, { timeout: 5000, interval: 250 }).toBe(1)
    await be.admin.collection("users").update(ana.id, { display_name: "Ana S. Souza" })
    expect((await card())?.maker?.display_name).toBe("Ana S. Souza")
  })

  // A vote on a product a cached page does not show keeps the page (lib/products-cache.js checks
  // its cards' counters before reading it again); a change on one it shows still reaches it
  // within the lag, after such a check as before one.
  it("shows a change of its own cards' counters within the lag, after counters changed elsewhere", async () => {
    const byDate = async () => (await listProducts(be.anon(), { category: cat.jogos!, sort: "recent" })).items
    const related = async () =>
      (await be.anon().send<{ items: Card[] }>(`/api/vitrine/products/${prod.quiz}/related`, {})).items
    const counts = (cards: Card[], id: string) => {
      const c = cards.find((x) => x.id === id)
      return c && { votes: c.vote_count, comments: c.comment_count }
    }
    const before = counts(await byDate(), prod.xadrez!)
    expect(before).toBeDefined()
    expect(counts(await related(), prod.xadrez!)).toEqual(before)
    // elsewhere: a vote on a product of another category, then the 2 s lag itself (no state to
    // await: the next reads are the ones that check the cached pages)
    await be.admin.collection("votes").create({ product: prod.cofrinho, user: bruno.id })
    await new Promise((r) => setTimeout(r, 2100))
    expect(counts(await byDate(), prod.xadrez!)).toEqual(before)
    expect(counts(await related(), prod.xadrez!)).toEqual(before)
    // on a listed card: its vote, then a comment
    await be.admin.collection("votes").create({ product: prod.xadrez, user: bruno.id })
    // (counted again from the vote rows: the fixture's counts were written as they are)
    const rows = await be.admin.collection("votes").getList(1, 1, { filter: `product = "${prod.xadrez}"` })
    expect(rows.totalItems).not.toBe(before!.votes)
    const voted = { votes: rows.totalItems, comments: before!.comments }
    await expect.poll(async () => counts(await byDate(), prod.xadrez!), { timeout: 5000, interval: 250 }).toEqual(voted)
    await expect
      .poll(async () => counts(await related(), prod.xadrez!), { timeout: 5000, interval: 250 })
      .toEqual(voted)
    await bruno.pb
      .collection("comments")
      .create({ product: prod.xadrez, user: bruno.id, content: "Muito bom para a escola!" })
    const commented = { votes: voted.votes, comments: voted.comments + 1 }
    await expect
      .poll(async () => counts(await byDate(), prod.xadrez!), { timeout: 5000, interval: 250 })
      .toEqual(commented)
    await expect
      .poll(async () => counts(await related(), prod.xadrez!), { timeout: 5000, interval: 250 })
      .toEqual(commented)
  })

  it("answers a query however its parameters are spelled, and a change reaches every spelling at once", async () => {
    // cached answers are found by the raw query first (lib/products-response.js rawHit)
    const spellings = [
      "/api/vitrine/products?search=xadrez%20escolas&limit=5",
      "/api/vitrine/products?limit=5&search=xadrez+escolas",
      "/api/vitrine/products?limit=05&search=Xadrez%20Escolas",
      // a parameter the listing does not read: answered from the others' entry, never kept apart
      "/api/vitrine/products?search=xadrez%20escolas&limit=5&utm_source=boletim",
    ]
    const titles = async () => {
      const out: string[][] = []
      for (const p of spellings) out.push((await be.anon().send<{ items: Card[] }>(p, {})).items.map((c) => c.title))
      return out
    }
    const before = await titles()
    expect(before[0]).toContain("Xadrez Online")
    expect(await titles()).toEqual(spellings.map(() => before[0]))
    await be.admin.collection("products").update(prod.xadrez!, { title: "Xadrez Online Renomeado" })
    const after = await titles()
    for (const t of after) expect(t).toContain("Xadrez Online Renomeado")
  })

  it("never answers the private 'Seguindo' feed from a cached copy, whoever asked it before", async () => {
    const path = "/api/vitrine/products?following=true"
    await bruno.pb.send(`/api/vitrine/makers/${ana.id}/follow`, { method: "PUT", body: {} })
    for (let i = 0; i < 2; i++) {
      const feed = (await bruno.pb.send<{ items: Card[] }>(path, {})).items
      expect(feed.length).toBeGreaterThan(0)
      expect(feed.every((c) => c.maker?.id === ana.id)).toBe(true)
    }
    expect((await stranger.pb.send<{ items: Card[] }>(path, {})).items).toEqual([])
    expect((await refusal(be.anon().send(path, {}))).status).toBe(401)
  })
})
