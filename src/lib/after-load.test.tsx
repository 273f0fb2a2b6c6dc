// afterFirstScreen: work that would compete with the largest paint (saving the page's data to
// IndexedDB) waits for the first screen's images and a frame drawn with them, but never longer
// than its cap.
import { afterEach, expect, test, vi } from "vitest"
import { stubNavigationType } from "@/test/navigation"
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

/**
 * afterLoad has released (the page loaded, the browser idle, the first screen painted); from then
 * on the clock is fake, so the waits below pass without sleeping.
 */
async function loaded() {
  await new Promise<void>((resolve) => afterFirstScreen(resolve))
  vi.useFakeTimers()
}

/** `ms` pass (timers, animation frames and the DOM observer's callbacks run). */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms)

/** The page has stayed unchanged long enough to count as rendered. */
const settled = () => pass(200)

test("waits for the first screen's images, not for the lazy ones below the fold", async () => {
  await loaded()
  const cover = loadingImage("eager")
  loadingImage("lazy") // below the fold: may never load while the page is open
  const fn = vi.fn()
  afterFirstScreen(fn)
  await settled()
  await pass(50) // three frames
  expect(fn).not.toHaveBeenCalled()
  cover.dispatchEvent(new Event("load"))
  await pass(50)
  expect(fn).toHaveBeenCalledTimes(1)
})

test("a cover the page renders a moment later is waited for too (the page must stop changing)", async () => {
  await loaded()
  const fn = vi.fn()
  afterFirstScreen(fn) // the route's code is in, its cards not yet
  await pass(50)
  const cover = loadingImage("eager") // the cards render
  await settled()
  expect(fn).not.toHaveBeenCalled()
  cover.dispatchEvent(new Event("load"))
  await pass(50)
  expect(fn).toHaveBeenCalledTimes(1)
})

test("after the images arrive, it waits for a frame to be drawn with them", async () => {
  await loaded()
  const cover = loadingImage("eager")
  const queued: FrameRequestCallback[] = []
  const raf = vi.spyOn(window, "requestAnimationFrame").mockImplementation((cb) => queued.push(cb))
  try {
    const fn = vi.fn()
    afterFirstScreen(fn)
    await settled()
    cover.dispatchEvent(new Event("load"))
    expect(fn).not.toHaveBeenCalled()
    queued.shift()!(0) // the frame the image is drawn in
    expect(fn).not.toHaveBeenCalled()
    queued.shift()!(16) // the next one: the image is on screen
    expect(fn).toHaveBeenCalledTimes(1)
  } finally {
    raf.mockRestore()
  }
})

test("a broken cover does not hold it up, and a slow one at most 2 s", async () => {
  await loaded()
  const broken = loadingImage("eager")
  const first = vi.fn()
  afterFirstScreen(first)
  await settled()
  broken.dispatchEvent(new Event("error"))
  await pass(50)
  expect(first).toHaveBeenCalledTimes(1)

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

/** after-load.ts loaded afresh, as on a page the browser opened as `type` (navigate, reload, back_forward). */
async function openedAs(type: string) {
  vi.resetModules()
  const spy = stubNavigationType(type)
  try {
    return await import("./after-load")
  } finally {
    spy.mockRestore()
  }
}

test("the first screen of a page just opened is drawn as such once; after a reload, back or forward only at the top", async () => {
  // (the product page lays out its comments and related products only near the viewport then,
  // and a listing draws its first six cards first: a restored scroll position needs it all)
  const opened = await openedAs("navigate")
  expect(opened.takeOpeningScreen()).toBe(true)
  expect(opened.takeOpeningScreen()).toBe(false) // the next screen, opened in the app
  try {
    // where <ScrollRestoration> will put this history entry back (saved when the page was left)
    history.replaceState({ key: "k1", idx: 0, usr: null }, "")
    for (const type of ["reload", "back_forward"]) {
      sessionStorage.setItem("react-router-scroll-positions", JSON.stringify({ k1: 0, other: 900 }))
      expect((await openedAs(type)).takeOpeningScreen()).toBe(true)
      sessionStorage.setItem("react-router-scroll-positions", JSON.stringify({ k1: 640 }))
      expect((await openedAs(type)).takeOpeningScreen()).toBe(false)
      sessionStorage.setItem("react-router-scroll-positions", "{not json")
      expect((await openedAs(type)).takeOpeningScreen()).toBe(false)
      sessionStorage.removeItem("react-router-scroll-positions") // none saved: it scrolls to the top
      expect((await openedAs(type)).takeOpeningScreen()).toBe(true)
    }
    // an entry without React Router's state is kept under "default", also the address opened anew
    // in a tab where another such entry was left scrolled (React Router restores that position)
    history.replaceState(null, "")
    sessionStorage.setItem("react-router-scroll-positions", JSON.stringify({ default: 320, k1: 0 }))
    expect((await openedAs("reload")).takeOpeningScreen()).toBe(false)
    expect((await openedAs("navigate")).takeOpeningScreen()).toBe(false)
  } finally {
    sessionStorage.clear()
    history.replaceState(null, "")
  }
})

test("background work (the service worker's install) waits until the page has settled: the waiting work run, then a second unchanged", async () => {
  vi.useFakeTimers()
  const { afterLoad, afterSettled } = await openedAs("navigate")
  const piece = vi.fn()
  const background = vi.fn()
  afterLoad(piece) // the vote button, the comments...
  afterSettled(background)
  await pass(400) // the page loaded, idle, its first screen painted, a frame drawn
  expect(piece).toHaveBeenCalledTimes(1)
  expect(background).not.toHaveBeenCalled()
  // what the pieces brought in keeps changing the page (their data arrives): still waiting
  for (let i = 0; i < 3; i++) {
    document.body.append(document.createElement("p"))
    await pass(900)
  }
  expect(background).not.toHaveBeenCalled()
  await pass(1000)
  expect(background).toHaveBeenCalledTimes(1)
  // from then on, at once
  const later = vi.fn()
  afterSettled(later)
  expect(later).toHaveBeenCalledTimes(1)
})

test("a page that never stops changing holds background work up to 5 s at most", async () => {
  vi.useFakeTimers()
  const { afterSettled } = await openedAs("navigate")
  const background = vi.fn()
  afterSettled(background)
  await pass(400) // the waiting work has run
  for (let i = 0; i < 16; i++) {
    document.body.append(document.createElement("p"))
    await pass(300)
  }
  expect(background).not.toHaveBeenCalled() // 4.8 s of changes
  await pass(300)
  expect(background).toHaveBeenCalledTimes(1)
})
