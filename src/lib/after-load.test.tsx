// afterFirstScreen: work that would compete with the largest paint (saving the page's data to
// IndexedDB) waits for the first screen's images, but never longer than its cap.
import { afterEach, expect, test, vi } from "vitest"
import { afterFirstScreen } from "./after-load"

afterEach(() => {
  document.body.innerHTML = ""
  vi.useRealTimers()
})

/** An <img> still on its way (jsdom loads nothing, so `complete` is set by hand). */
function loadingImage(loading: "eager" | "lazy") {
  const img = document.createElement("img")
  img.loading = loading
  Object.defineProperty(img, "complete", { value: false, configurable: true })
  document.body.append(img)
  return img
}

/** afterLoad has released (the page loaded, the browser idle). */
const loaded = () => new Promise<void>((resolve) => afterFirstScreen(resolve))

test("waits for the first screen's images, not for the lazy ones below the fold", async () => {
  await loaded()
  const cover = loadingImage("eager")
  loadingImage("lazy") // below the fold: may never load while the page is open
  const fn = vi.fn()
  afterFirstScreen(fn)
  expect(fn).not.toHaveBeenCalled()
  cover.dispatchEvent(new Event("load"))
  expect(fn).toHaveBeenCalledTimes(1)
})

test("a broken cover does not hold it up, and a slow one at most 2 s", async () => {
  await loaded()
  const broken = loadingImage("eager")
  const first = vi.fn()
  afterFirstScreen(first)
  broken.dispatchEvent(new Event("error"))
  expect(first).toHaveBeenCalledTimes(1)

  vi.useFakeTimers()
  loadingImage("eager") // never arrives
  const second = vi.fn()
  afterFirstScreen(second)
  vi.advanceTimersByTime(1999)
  expect(second).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(second).toHaveBeenCalledTimes(1)
})

test("leaving the page runs it at once", async () => {
  await loaded()
  loadingImage("eager")
  const fn = vi.fn()
  afterFirstScreen(fn)
  window.dispatchEvent(new Event("pagehide"))
  expect(fn).toHaveBeenCalledTimes(1)
  window.dispatchEvent(new Event("pagehide"))
  expect(fn).toHaveBeenCalledTimes(1)
})
