// A search at the edge of its relevance window, on the real server. By relevance a search lists
// its best 150 matches at most, and its count says so ("Mais de 150") instead of a number the
// list never reaches; by date the same search lists and counts every match.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngBlob, startBackend, type TestBackend } from "./helpers/pocketbase"
import { allPages, listProducts } from "./helpers/products"

let be: TestBackend
let maker: string
const MATCHES = 160

/** An approved product. */
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

type Page = Awaited<ReturnType<typeof listProducts>> & { total?: number; totalMore?: boolean }
const first = async (q: Record<string, string>) => (await listProducts(be.anon(), q)) as Page
const idsOf = async (q: Record<string, string>) => (await allPages(be.anon(), q)).flat().map((p) => p.id)

beforeAll(async () => {
  be = await startBackend()
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
