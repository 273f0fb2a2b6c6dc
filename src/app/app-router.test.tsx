// A navigation made while the app's first render is under way is not lost. The first render is a
// transition (main.tsx): React renders it in slices and lets the browser run between them, so a
// back or forward tap (a popstate) can move the router before RouterProvider has subscribed to it.
// It used to leave the address on the new page and the screen on the old one (seen in e2e, one run
// in six: a navigation 80 ms after a reload kept /home on screen under /products/{slug}).
import "@testing-library/jest-dom/vitest"
import { screen } from "@testing-library/react"
import { startTransition, use } from "react"
import { createRoot, type Root } from "react-dom/client"
import { createMemoryRouter } from "react-router-dom"
import { afterEach, beforeEach, expect, it } from "vitest"
import { watchUserInput } from "@/lib/user-input"
import { AppRouter } from "./app-router"

// rendered as in the browser, outside act(): act would render it in one go
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
const actBefore = actEnvironment.IS_REACT_ACT_ENVIRONMENT
let root: Root | undefined
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
})
afterEach(() => {
  root?.unmount()
  document.body.innerHTML = ""
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = actBefore
})

it("shows the page the router moved to while the first render was under way", async () => {
  // The first screen waits for something (its code, on a phone): React pauses the render there,
  // keeps what it has rendered so far, and meanwhile the user taps back. React then goes on from
  // where it paused.
  let paused = () => {}
  const pausedAt = new Promise<void>((done) => (paused = done))
  let tapped = () => {}
  const tap = new Promise<void>((done) => (tapped = done))
  const Start = () => {
    paused()
    use(tap)
    return <p>início</p>
  }
  const router = createMemoryRouter([
    { path: "/", Component: Start },
    { path: "/b", Component: () => <h1>página B</h1> },
  ])
  watchUserInput(router) // as main.tsx does: the router has a subscriber before RouterProvider
  root = createRoot(document.body.appendChild(document.createElement("div")))
  startTransition(() => root!.render(<AppRouter router={router} />))
  await pausedAt
  await router.navigate("/b")
  tapped()

  expect(await screen.findByRole("heading", { name: "página B" })).toBeVisible()
  expect(screen.queryByText("início")).toBeNull()
})
