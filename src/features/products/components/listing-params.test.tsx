// A filter click writes the URL from what the URL holds when the click happens. Navigations are
// transitions: until the next render lands, the page on screen (and its handlers) still carries the
// previous URL's parameters, and two quick clicks, 'Educação' off then '#jogos' on, must not bring
// the category back (seen in CI: the grid kept Educação's one #jogos product).
import { act, render } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router-dom"
import { expect, it } from "vitest"
import { useListingParams, type ListingChanges } from "./listing-params"

it("a second change made before the page re-renders keeps the first one", async () => {
  let firstUpdate: ((changes: ListingChanges) => void) | undefined
  function Filters() {
    const { update } = useListingParams(["category", "tag", "search"])
    firstUpdate ??= update // the handler of the page as first drawn, as a quick second click gets it
    return null
  }
  const router = createMemoryRouter([{ path: "/home", element: <Filters /> }], {
    initialEntries: ["/home?category=educacao"],
  })
  render(<RouterProvider router={router} />)

  await act(async () => firstUpdate!({ category: null }))
  expect(router.state.location.search).toBe("")
  await act(async () => firstUpdate!({ tag: "jogos" }))
  expect(router.state.location.search).toBe("?tag=jogos")
})
