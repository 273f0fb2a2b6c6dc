// A search by votes that matches often walks the most-voted products and asks the full-text index
// of each whether it matches, until a page (lib/products-query.js, walkByVotes): its pages must be
// those a sort of every match gives. The server runs with VITRINE_SORTED_MANY=20 and
// VITRINE_SORTED_WALK=1 (the walk's cost counted as a read of one match: with a few dozen
// products it is taken for every page it can fill; in production only where it costs less than
// reading every match), and without the response cache. The products are built so that a walk
// that broke a tie the wrong way, listed a product in review, crossed the cursor, or trusted a page
// it could not fill (the most-voted products do not match) would give another list.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startBackend, type TestBackend } from "./helpers/pocketbase"
import { allPages, listProducts } from "./helpers/products"
import { byVotes, catalogue } from "./helpers/sorted-catalogue"

let be: TestBackend
let maker: string

const { made, product } = catalogue(
  () => be,
  () => maker,
)

type Page = Awaited<ReturnType<typeof listProducts>> & { total?: number; totalMore?: boolean }
const listed = async (q: Record<string, string>) =>
  (await allPages(be.anon(), { sort: "top", ...q })).flat().map((p) => p.id)

beforeAll(async () => {
  be = await startBackend({ VITRINE_SORTED_MANY: "20", VITRINE_SORTED_WALK: "1", VITRINE_LIST_CACHE: "off" })
  maker = (await be.user("Maker Walk")).id
  const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(15 - prefix.length, "0")}`
  // in review, with more votes than anything: never listed
  await product("telha", 500, 99, { status: "pending" })
  // the most voted do not match: a walk that trusts the rate finds nothing among its first ones
  for (let i = 0; i < 12; i++) await product("tijolo", 400 + i, 80)
  // ties: the same votes and the same minute, ids on both sides of the other word's
  for (let i = 0; i < 6; i++) await product("telha", 300, 30, { id: id(i % 2 ? "atelha" : "ztelha", i) })
  for (let i = 0; i < 4; i++) await product("tijolo", 300, 30, { id: id("mtijolo", i) })
  // the same votes, one minute apart
  for (let i = 0; i < 10; i++) await product("telha", 200 + i, 20)
  // spread out, with a few of the other word between them
  for (let i = 0; i < 30; i++) await product(i % 5 === 0 ? "tijolo" : "telha", 100 + i, i % 7)
}, 120_000)
afterAll(() => be?.stop())

describe("a search by votes that walks the most-voted products", () => {
  it("lists every match most voted first, in pages of any size, as a sort of all of them would", async () => {
    const telhas = byVotes(made.filter((m) => m.word === "telha"))
    expect(telhas).toHaveLength(40)
    for (const limit of ["1", "2", "3", "7", "24"]) {
      expect(await listed({ search: "telhas", limit })).toEqual(telhas)
    }
    const first = (await listProducts(be.anon(), { search: "telhas", sort: "top", limit: "7" })) as Page
    expect(first.items.map((p) => p.id)).toEqual(telhas.slice(0, 7))
    expect({ total: first.total, more: first.totalMore }).toEqual({ total: 40, more: false })
    expect(await listed({ search: "telha OR tijolo", limit: "5" })).toEqual(byVotes(made))
  })

  it("moves a product up as votes come in, and down as they go", async () => {
    const target = made.find((m) => m.word === "telha" && m.votes === 0)!
    await be.admin.collection("products").update(target.id, { vote_count: 31 })
    target.votes = 31
    const up = await listed({ search: "telhas", limit: "2" })
    expect(up).toEqual(byVotes(made.filter((m) => m.word === "telha")))
    expect(up[0]).toBe(target.id)
    await be.admin.collection("products").update(target.id, { vote_count: 0 })
    target.votes = 0
    expect(await listed({ search: "telhas", limit: "2" })).toEqual(byVotes(made.filter((m) => m.word === "telha")))
  })
})
