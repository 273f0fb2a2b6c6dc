// A search sorted by date or by votes, on the real server, when it has many matches: the page is
// then read from a few of the newest or most-voted products (lib/products-query.js,
// sortedFromFew), and must be the page a sort of every match gives, whatever the order in which
// products were submitted, approved and voted. The server runs with VITRINE_SORTED_MANY=20 (that
// way is tried from 20 matches, 2,000 in production) and without the response cache, so these few
// dozen products go through it, and through its way back to the full sort when the few fall short.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"
import { allPages, listProducts } from "./helpers/products"
import { at, byDate, byVotes, catalogue } from "./helpers/sorted-catalogue"

let be: TestBackend
let maker: string
let category: string
let forgotten: string

const { made, product } = catalogue(
  () => be,
  () => maker,
)
/** An approved product (the catalogue's), in the category when asked. */
const approved = (word: string, minute: number, votes: number, opts: { inCategory?: boolean; id?: string } = {}) =>
  product(word, minute, votes, { id: opts.id, category: opts.inCategory ? category : undefined })

type Page = Awaited<ReturnType<typeof listProducts>> & { total?: number; totalMore?: boolean }
const listed = async (q: Record<string, string>) =>
  (await allPages(be.anon(), { sort: "recent", ...q })).flat().map((p) => p.id)

beforeAll(async () => {
  be = await startBackend({ VITRINE_SORTED_MANY: "20", VITRINE_LIST_CACHE: "off" })
  maker = (await be.user("Maker Telhado")).id
  category = (await be.admin.collection("categories").create({ name: "Coberturas", slug: "coberturas" })).id
  // submitted before all the others, approved only in the last test
  forgotten = (
    await be.admin.collection("products").create({
      title: "Telha esquecida",
      description: "Uma telha enviada antes das outras e aprovada só no fim.",
      url: "https://exemplo.com.br",
      status: "pending",
      created_by: maker,
      images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
    })
  ).id
  // By date, the range holds the keys of the newest publications (a few dozen here); by votes, the
  // few are the most-voted products. Built so that a range that took a match older than its newest
  // publications, or one published at the same moment as the oldest of them, or that trusted too
  // few matches, would skip some, and so that the most-voted are often not matches:
  // - the newest, submitted first, the most voted
  for (let i = 0; i < 5; i++) await approved("telha", 10_000 + i, 50)
  // - 35 published in the same minute with the same votes: 32 others (the largest ids) and,
  //   submitted among them, two matches with the smallest ids; then a match whose id is between,
  //   submitted after them all (its key past the range's)
  const tied = 9_000
  const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(15 - prefix.length, "0")}`
  for (let i = 0; i < 32; i++) {
    if (i === 16) for (const n of [1, 2]) await approved("telha", tied, 40, { id: id("atelha", n) })
    await approved("tijolo", tied, 40, { id: id("ztijolo", i) })
  }
  await approved("telha", tied, 40, { id: id("btelha", 1) })
  // - 40 submitted in the order they are published, a few minutes apart, every third in the category
  for (let i = 0; i < 40; i++) await approved("telha", 100 + i * 5, i % 7, { inCategory: i % 3 === 0 })
  // - ten published in the same minute, among those, with the same votes
  for (let i = 0; i < 10; i++) await approved("telha", 151, 3, { inCategory: i % 2 === 0 })
  // - submitted last, published before everything else: the newest keys, the oldest publications
  for (let i = 0; i < 6; i++) await approved("telha", 10 + i, 45)
  // 24 that match another word, submitted last of all and published long ago
  for (let i = 0; i < 24; i++) await approved("ardosia", i, i % 5)
}, 120_000)
afterAll(() => be?.stop())

describe("a search with many matches, by date", () => {
  it("lists every match newest first, pages of any size, as a sort of all of them would", async () => {
    const telhas = byDate(made.filter((m) => m.word === "telha"))
    expect(telhas).toHaveLength(64)
    for (const limit of ["3", "5", "7", "24"]) {
      expect(await listed({ search: "telhas", limit })).toEqual(telhas)
    }
    const first = (await listProducts(be.anon(), { search: "telhas", sort: "recent", limit: "5" })) as Page
    expect(first.items.map((p) => p.id)).toEqual(telhas.slice(0, 5))
    expect({ total: first.total, more: first.totalMore }).toEqual({ total: 64, more: false })
  })

  it("under a filter, and for matches that are all older than the newest publications", async () => {
    const inCategory = byDate(made.filter((m) => m.word === "telha" && m.inCategory))
    for (const limit of ["3", "24"]) expect(await listed({ search: "telhas", category, limit })).toEqual(inCategory)
    // the newest keys, the oldest publications: none of them among the newest publications
    const ardosias = byDate(made.filter((m) => m.word === "ardosia"))
    for (const limit of ["4", "24"]) expect(await listed({ search: "ardosia", limit })).toEqual(ardosias)
    // either word: every product
    expect(await listed({ search: "telha OR ardosia", limit: "9" })).toEqual(
      byDate(made.filter((m) => m.word !== "tijolo")),
    )
  })

  it("puts a product approved now first, though it was submitted before the others", async () => {
    const before = await listed({ search: "telhas", limit: "5" })
    expect(before).toHaveLength(64)
    expect(before).not.toContain(forgotten)
    await be.admin.collection("products").update(forgotten, { status: "approved", published_at: at(20_000) })
    made.push({ id: forgotten, published: at(20_000), votes: 0, word: "telha", inCategory: false })
    expect(await listed({ search: "telhas", limit: "5" })).toEqual([forgotten, ...before])
  })

  it("lists a product approved with no publication date (raw SQL) last, as the sort does", async () => {
    const dateless = made.find((m) => m.word === "telha" && m.votes === 1)!
    await be.admin.sql.run(`UPDATE products SET published_at = '' WHERE id = '${dateless.id}'`)
    dateless.published = ""
    const all = await listed({ search: "telhas", limit: "5" })
    expect(all).toEqual(byDate(made.filter((m) => m.word === "telha")))
    expect(all[all.length - 1]).toBe(dateless.id)
  })
})

describe("a search with many matches, by votes", () => {
  it("lists every match most voted first, pages of any size, as a sort of all of them would", async () => {
    // (pages of 1 and 2 take the most-voted products here: with a few dozen products, larger pages
    // would read more of them than sorting every match costs, and sort)
    const telhas = byVotes(made.filter((m) => m.word === "telha"))
    for (const limit of ["1", "2", "5", "24"]) {
      expect(await listed({ search: "telhas", sort: "top", limit })).toEqual(telhas)
    }
    const inCategory = byVotes(made.filter((m) => m.word === "telha" && m.inCategory))
    expect(await listed({ search: "telhas", sort: "top", category, limit: "1" })).toEqual(inCategory)
    const either = byVotes(made.filter((m) => m.word !== "tijolo"))
    expect(await listed({ search: "telha OR ardosia", sort: "top", limit: "2" })).toEqual(either)
  })

  it("moves a product up as votes come in", async () => {
    const target = made.find((m) => m.word === "telha" && m.votes === 0)!
    const before = await listed({ search: "telhas", sort: "top", limit: "2" })
    await be.admin.collection("products").update(target.id, { vote_count: 46 })
    target.votes = 46
    const after = await listed({ search: "telhas", sort: "top", limit: "2" })
    expect(after).toEqual(byVotes(made.filter((m) => m.word === "telha" && before.includes(m.id))))
    expect(after.indexOf(target.id)).toBeLessThan(before.indexOf(target.id))
  })
})
