// 'Carregar mais' under a listing and under the ranking: a tap loads the next page even when the
// first page is being read again in the background at that moment (a vote or a comment elsewhere
// refreshing the lists). TanStack Query's fetchNextPage() cancels such a read by default
// (cancelRefetch); with it turned off, the tap would join the read instead and load nothing,
// which is what an e2e failure of the ranking once looked like (the cause there was not this).
import { act, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { fakeServer, renderApp, resetDevice } from "@/test/harness"
import { useProducts } from "../api/get-products"
import type { ProductCardDTO } from "../types"
import { ProductListing } from "./product-listing"
import { RankingTabsPage } from "./ranking-page"

const card = (i: number): ProductCardDTO => ({
  id: `p${String(i).padStart(14, "0")}`,
  collectionId: "pbc_products",
  slug: `produto-${i}`,
  title: `Produto ${i}`,
  description: "Um produto",
  images: [],
  built_with_lovable: false,
  built_with_epic: false,
  vote_count: 0,
  view_count: 0,
  click_count: 0,
  comment_count: 0,
  published_at: "2026-11-01 10:00:00.000Z",
  category: null,
  tags: [],
  maker: null,
})
const FIRST = Array.from({ length: 24 }, (_, i) => card(i + 1))
const SECOND = [card(25), card(26)]
const RANKING_HEAD = {
  period: "day",
  key: "2026-11-28",
  from: "2026-11-28",
  to: "2026-11-28",
  today: "2026-11-28",
  prev: "2026-11-27",
  next: null,
}

let server: ReturnType<typeof fakeServer>
/** while set, the server holds every first-page read until it is called */
let holdFirstPage: Promise<void> | null
let release = () => {}

beforeEach(() => {
  holdFirstPage = null
  // a laptop-wide screen (jsdom has no matchMedia)
  vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }))
  server = fakeServer()
  server.on("GET", "/api/vitrine/products", async (req) => {
    if (req.url.searchParams.get("cursor") === "c24") return { items: SECOND, nextCursor: null }
    await holdFirstPage
    return { items: FIRST, nextCursor: "c24", total: 26, totalMore: false }
  })
  server.on("GET", "/api/vitrine/ranking", async (req) => {
    if (req.url.searchParams.get("cursor") === "c24")
      return { ...RANKING_HEAD, items: SECOND.map((product, i) => ({ rank: 25 + i, product })), nextCursor: null }
    await holdFirstPage
    return { ...RANKING_HEAD, items: FIRST.map((product, i) => ({ rank: i + 1, product })), nextCursor: "c24" }
  })
})
afterEach(async () => {
  release()
  await resetDevice()
})

function Feed() {
  return <ProductListing listing={useProducts({})} />
}

const firstPageReads = (path: string) =>
  server.requests.filter((r) => r.path === path && !r.url.searchParams.has("cursor")).length

describe.each([
  { name: "the listing", path: "/api/vitrine/products", ui: <Feed />, at: "/home" },
  { name: "the ranking", path: "/api/vitrine/ranking", ui: <RankingTabsPage />, at: "/ranking" },
])("'Carregar mais' under $name", ({ path, ui, at }) => {
  it("loads the next page at the first tap while the first page is being read again", async () => {
    const user = userEvent.setup()
    const { queryClient } = renderApp(ui, { path: at })
    const more = await screen.findByRole("button", { name: "Carregar mais" })
    expect(screen.getAllByRole("article")).toHaveLength(24)

    // the first page is read again in the background, and the server is slow to answer it
    holdFirstPage = new Promise((resolve) => (release = resolve))
    act(() => void queryClient.refetchQueries())
    await waitFor(() => expect(firstPageReads(path)).toBe(2))

    await user.click(more)
    await waitFor(() => expect(server.requests.some((r) => r.url.searchParams.get("cursor") === "c24")).toBe(true))
    expect(await screen.findByText("Produto 26")).toBeVisible()
    expect(screen.getAllByRole("article")).toHaveLength(26)
  })
})
