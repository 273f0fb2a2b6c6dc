// The first listing of a page the browser has just opened renders its first screen of cards first
// and the rest right after (a transition), so a phone does not render 24 cards in one long task
// as the page becomes usable; the next page's sentinel ('Carregar mais') comes only with the whole
// list, or it would load page 2 at once. A listing met later (a filter, back to the feed) renders
// whole at once: a restored scroll position needs its full height.
import { screen, waitFor } from "@testing-library/react"
import { Profiler } from "react"
import { afterEach, beforeEach, expect, it, vi } from "vitest"
import { stubNavigationType } from "@/test/navigation"
import type { ProductCardData } from "../types"

const products: ProductCardData[] = Array.from({ length: 24 }, (_, i) => ({
  id: `p${i}`,
  slug: `produto-${i}`,
  title: `Produto ${i}`,
  description: "Um produto",
  coverUrl: "",
  builtWithLovable: false,
  builtWithEpic: false,
  category: null,
  tags: [],
  maker: null,
  voteCount: 0,
  viewCount: 0,
  clickCount: 0,
  commentCount: 0,
  publishedAt: "2026-11-01T00:00:00Z",
}))

const listing = {
  products,
  isPending: false,
  isError: false,
  fromCache: false,
  savedAt: 0,
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: () => Promise.resolve(),
}

let resetDevice = async () => {}

beforeEach(() => {
  // a laptop-wide screen (jsdom has no matchMedia): the grid of large cards
  vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }))
  // the listing module reads how the page was opened when it loads: the app's modules (and the
  // harness with them) are loaded afresh by each test
  vi.resetModules()
})
afterEach(async () => {
  sessionStorage.clear() // the scroll positions a test left for <ScrollRestoration>
  await resetDevice()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Renders two listings one after the other, with the page opened as `type`; what the DOM saw. */
async function renderListings(type: string) {
  stubNavigationType(type)
  const harness = await import("@/test/harness")
  const { renderApp, fakeServer } = harness
  resetDevice = harness.resetDevice
  fakeServer()
  const { ProductListing } = await import("./product-listing")
  // what each commit (a render written to the DOM) left on screen
  const commits: Array<{ cards: number; more: boolean }> = []
  const onCommit = () =>
    commits.push({
      cards: document.querySelectorAll("article").length,
      more: !!screen.queryByRole("button", { name: "Carregar mais" }),
    })
  const view = renderApp(
    <Profiler id="listing" onRender={onCommit}>
      <ProductListing listing={listing as never} />
    </Profiler>,
  )
  await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(24))
  await screen.findByRole("button", { name: "Carregar mais" })
  const first = [...commits]
  view.unmount()
  // a second listing in the same page (another filter, back to the feed)
  commits.length = 0
  renderApp(
    <Profiler id="listing" onRender={onCommit}>
      <ProductListing listing={listing as never} />
    </Profiler>,
  )
  await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(24))
  return { first, again: [...commits] }
}

it("a freshly opened page draws its first six cards, then the other 18, then the way to the next page", async () => {
  const { first, again } = await renderListings("navigate")
  expect(first[0]).toEqual({ cards: 6, more: false })
  expect(first.at(-1)).toEqual({ cards: 24, more: true })
  expect(first.filter((s) => s.more).every((s) => s.cards === 24)).toBe(true)
  // the next listing of the same page renders whole at once
  expect(again[0]?.cards).toBe(24)
})

it("a page reloaded at a scroll position (restored by <ScrollRestoration>) renders the whole listing at once", async () => {
  sessionStorage.setItem("react-router-scroll-positions", JSON.stringify({ default: 1800 }))
  const { first } = await renderListings("reload")
  expect(first[0]?.cards).toBe(24)
})

it("a page reloaded at its top draws the first screen's cards first, as one just opened", async () => {
  sessionStorage.setItem("react-router-scroll-positions", JSON.stringify({ default: 0 }))
  const { first } = await renderListings("reload")
  expect(first[0]).toEqual({ cards: 6, more: false })
  expect(first.at(-1)).toEqual({ cards: 24, more: true })
})
