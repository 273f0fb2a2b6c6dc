// Work that is not part of the first screen (the signed-in extras of the header, the offline
// copies' database, what sits below the fold) waits until the page has loaded, the browser is idle
// and the first screen has been painted (its images, those not loading lazily, decoded and a frame
// drawn), so it never competes with the largest paint for the phone's CPU or its connection. The
// service worker's install waits longer, until that work has run and the page has settled
// (afterSettled). Everything runs at most a few seconds after load, even on a busy page.
import { startTransition, useEffect, useState } from "react"

const IDLE_TIMEOUT_MS = 2000
/** The first screen's images get at most this long, after load, before the waiting work runs anyway. */
const FIRST_SCREEN_CAP_MS = 2000
/** How long the page must stay unchanged to count as rendered. */
const QUIET_MS = 150
/** The longest wait for a frame to be drawn (a page in the background draws none). */
const PAINT_CAP_MS = 1000
let ready = typeof document === "undefined"

/**
 * setTimeout for the waits below; the callback is skipped once there is no page any more (a test
 * file's DOM torn down while the start-up still waited: its timer would throw there).
 */
function later(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    if (typeof document !== "undefined") fn()
  }, ms)
}
const waiting = new Set<() => void>()

/**
 * Runs the waiting work one piece per frame: each (the header's menus, the vote button, the
 * comments...) renders and commits in tasks of its own, instead of all of it in one render and
 * one commit that held the phone's main thread for a third of a second.
 */
function release() {
  ready = true
  const next = () => {
    const fn = waiting.values().next().value
    try {
      if (fn) {
        waiting.delete(fn)
        fn()
      }
    } finally {
      // a piece that throws must not hold up the others, nor what waits for a settled page
      if (waiting.size > 0) afterNextPaint(next)
      else settle()
    }
  }
  next()
}

/** How long the page must then stay unchanged to count as settled. */
const SETTLED_QUIET_MS = 1000
/** The longest wait for that, once the waiting work has run (a page that keeps changing). */
const SETTLED_CAP_MS = 5000
let isSettled = typeof document === "undefined"
const settling = new Set<() => void>()

/**
 * Once the waiting work has all run: waits until the page has stopped changing for
 * SETTLED_QUIET_MS (what that work brought in has its data and is drawn), SETTLED_CAP_MS at most,
 * and the browser is idle, then runs what waits for a settled page.
 */
function settle() {
  let done = false
  const finish = () => {
    if (done || typeof document === "undefined") return
    done = true
    clearTimeout(cap)
    stopWatching()
    const run = () => {
      isSettled = true
      for (const fn of settling) fn()
      settling.clear()
    }
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
    else run()
  }
  const cap = later(finish, SETTLED_CAP_MS)
  const stopWatching = whenUnchangedFor(SETTLED_QUIET_MS, finish, { text: true })
}

/**
 * Calls `fn` once the page's elements (and its text, with `text`) have gone `ms` without a change;
 * the returned function stops waiting.
 */
function whenUnchangedFor(ms: number, fn: () => void, { text = false } = {}): () => void {
  let quiet = later(fn, ms)
  const observer =
    typeof MutationObserver === "function"
      ? new MutationObserver(() => {
          clearTimeout(quiet)
          quiet = later(fn, ms)
        })
      : null
  observer?.observe(document.body, { childList: true, subtree: true, characterData: text })
  return () => {
    clearTimeout(quiet)
    observer?.disconnect()
  }
}

/** Runs `fn` after the next frame has been drawn (two animation frames), at once on a hidden page. */
function afterNextPaint(fn: () => void) {
  if (typeof requestAnimationFrame !== "function" || document.visibilityState === "hidden") return fn()
  let done = false
  const go = () => {
    if (done) return
    done = true
    clearTimeout(cap)
    fn()
  }
  const cap = later(go, PAINT_CAP_MS)
  requestAnimationFrame(() => requestAnimationFrame(go))
}

/**
 * Runs `fn` once the first screen is on screen: the page has stopped changing for QUIET_MS (a
 * route renders in steps: its code, then its data, then the cards), the images it then shows
 * first (those not loading lazily) have arrived and been decoded, and a frame has been drawn with
 * them (an image is decoded off the main thread: an idle main thread does not mean it is on
 * screen). At most FIRST_SCREEN_CAP_MS, and at once when the page is being left.
 */
function whenFirstScreenPainted(fn: () => void) {
  let done = false
  const finish = (painted: boolean) => {
    if (done || typeof document === "undefined") return
    done = true
    clearTimeout(cap)
    stopWatching()
    window.removeEventListener("pagehide", leave)
    if (painted) afterNextPaint(fn)
    else fn()
  }
  const leave = () => finish(false)
  const cap = later(leave, FIRST_SCREEN_CAP_MS)
  window.addEventListener("pagehide", leave, { once: true })

  const settled = () => {
    stopWatching()
    const images = [...document.images].filter((img) => img.loading !== "lazy")
    let left = images.length
    if (left === 0) return finish(true)
    const arrived = () => {
      left -= 1
      if (left === 0) finish(true)
    }
    for (const img of images) {
      // decode() settles once the image has arrived and is decoded (a broken one rejects: it
      // holds nothing up); without it, the load and error events
      if (typeof img.decode === "function") img.decode().then(arrived, arrived)
      else if (img.complete) arrived()
      else {
        img.addEventListener("load", arrived, { once: true })
        img.addEventListener("error", arrived, { once: true })
      }
    }
  }
  const stopWatching = whenUnchangedFor(QUIET_MS, settled)
}

if (!ready) {
  const idle = () => {
    const start = () => whenFirstScreenPainted(release)
    if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
    else later(start, 200)
  }
  if (document.readyState === "complete") idle()
  else window.addEventListener("load", idle, { once: true })
}

/** Where <ScrollRestoration> keeps its positions (react-router's SCROLL_RESTORATION_STORAGE_KEY). */
const SCROLL_POSITIONS_KEY = "react-router-scroll-positions"

/**
 * Whether the page the browser has just opened still has its first screen to draw. True once, for
 * the first screen that asks, when the browser opened the address (a link, the address bar, the
 * installed app's icon), or reloaded or went back or forward to a page left at its top; false
 * where React Router restores a scrolled position (after a reload or a back or forward to a page
 * left scrolled: that needs the whole page laid out) and for every screen after the first (an
 * in-app navigation may come back to a scrolled page too).
 */
let openingScreen = opensAtTop()

function opensAtTop(): boolean {
  if (typeof performance === "undefined") return false
  const type = (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type
  if (type !== "navigate" && type !== "reload" && type !== "back_forward") return false
  // (an address opened anew in a tab gets no history state: React Router then restores what it saved
  // under "default", another such entry of the tab, which may have been left scrolled)
  return savedScrollY() < 1
}

/**
 * The scroll position React Router's <ScrollRestoration> will restore on this history entry: what
 * it saved in sessionStorage when the page was left, under the entry's key (0 when none was saved:
 * it then scrolls to the top); Infinity when it cannot be read (the whole page is laid out then).
 */
function savedScrollY(): number {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? "{}") as Record<string, unknown>
    const key = (history.state as { key?: unknown } | null)?.key
    const y = saved[typeof key === "string" && key ? key : "default"]
    return y === undefined ? 0 : typeof y === "number" ? y : Infinity
  } catch {
    return Infinity
  }
}

export function takeOpeningScreen(): boolean {
  const opening = openingScreen
  openingScreen = false
  return opening
}

/** Runs `fn` once the page has loaded, the browser is idle and the first screen is painted (at once after that). */
export function afterLoad(fn: () => void): void {
  if (ready) fn()
  else waiting.add(fn)
}

/**
 * Runs `fn` once the page has settled: the work waiting for the load (afterLoad) has run, what it
 * brought in has stopped changing the page for a second (5 s at most) and the browser is idle. For
 * background work that needs the connection and the CPU but nothing on screen: the service
 * worker's install downloads the whole app, and on a phone's two or four cores it made every task
 * of the page's start-up longer (Lighthouse's total blocking time on a product page 354 ms with it
 * overlapping them, 220 without it).
 */
export function afterSettled(fn: () => void): void {
  if (isSettled) fn()
  else settling.add(fn)
}

/**
 * Runs `fn` once the page has loaded and the images the screen shows now (those not loading
 * lazily) have arrived, been decoded and painted, or FIRST_SCREEN_CAP_MS at the latest, or when
 * the page is being left. For work that would compete with a page's largest paint for the
 * connection (saving the page's data for offline use), also later in the app: the images a page
 * opened in the app shows are waited for again.
 */
export function afterFirstScreen(fn: () => void): void {
  afterLoad(() => whenFirstScreenPainted(fn))
}

/**
 * False until the page has loaded, the browser is idle and the first screen is painted, then true. The switch re-renders as a
 * transition: what it brings in (the header's menus, the product page's vote button, comments
 * and follow button) renders in slices that yield to the browser, not as one long task that
 * holds up a tap.
 */
export function useAfterLoad(): boolean {
  const [isReady, setReady] = useState(ready)
  useEffect(() => {
    if (isReady) return
    const fn = () => startTransition(() => setReady(true))
    if (ready) return fn()
    waiting.add(fn)
    return () => {
      waiting.delete(fn)
    }
  }, [isReady])
  return isReady
}

/**
 * While the app's first screen is still coming up: false for a component's first render, true
 * once that render has been painted (the switch is a transition). What lies below the fold then
 * renders and commits after the first screen's own commit, not in it: on a phone's CPU, putting a
 * whole product page into the document at once was the longest task of its load. Once the first
 * screen is up (afterLoad has run), and for a page opened at an anchor (#comentarios: it must be
 * there to scroll to), true from the start.
 */
export function useBelowTheFold(): boolean {
  const [shown, setShown] = useState(() => ready || (typeof location !== "undefined" && location.hash !== ""))
  useEffect(() => {
    if (shown) return
    let live = true
    afterNextPaint(() => {
      if (live) startTransition(() => setShown(true))
    })
    return () => {
      live = false
    }
  }, [shown])
  return shown
}
