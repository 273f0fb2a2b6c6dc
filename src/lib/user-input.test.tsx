// Whether the user has begun to use the page since the current address was reached: what keeps an
// anchor jump from moving the page under them (comments-section.tsx).
import { createMemoryRouter } from "react-router-dom"
import { expect, it } from "vitest"
import { usedSinceArrival, watchUserInput } from "./user-input"

it("a tap, a key, a wheel or a finger count from the address they were made at; a new address starts over", async () => {
  const router = createMemoryRouter([{ path: "*", element: null }], { initialEntries: ["/products/a"] })
  watchUserInput(router)
  expect(usedSinceArrival()).toBe(false)
  document.body.dispatchEvent(new PointerEvent("pointermove", { bubbles: true })) // passing over is not use
  expect(usedSinceArrival()).toBe(false)
  for (const event of [
    new PointerEvent("pointerdown", { bubbles: true }),
    new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }),
    new WheelEvent("wheel", { deltaY: 100, bubbles: true }),
    new Event("touchstart", { bubbles: true }),
  ]) {
    // the tap that follows a link comes before the address it leads to
    laterMoment()
    await router.navigate(`/products/b#comment-${event.type}`)
    expect(usedSinceArrival()).toBe(false)
    laterMoment()
    document.body.dispatchEvent(event)
    expect(usedSinceArrival(), event.type).toBe(true)
  }
  laterMoment()
  await router.navigate("/products/c")
  expect(usedSinceArrival()).toBe(false)
  router.dispose()
})

/** Returns once performance.now() has moved on (the clock the module compares). */
function laterMoment() {
  const now = performance.now()
  while (performance.now() === now);
}
