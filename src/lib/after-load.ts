// Work that is not part of the first screen (the service worker's install, the signed-in extras of
// the header, the offline copies' database, what sits below the fold) waits until the page has
// loaded and the browser is idle, so it never competes with the first paint for the phone's CPU
// or its connection. Everything runs at most a few seconds after load, even on a busy page.
import { useSyncExternalStore } from "react"

const IDLE_TIMEOUT_MS = 2000
let ready = typeof document === "undefined"
const waiting = new Set<() => void>()

function release() {
  ready = true
  const fns = [...waiting]
  waiting.clear()
  fns.forEach((fn) => fn())
}

/** No new largest-paint candidate for this long: the first screen is painted. */
const SETTLED_MS = 150

if (!ready) {
  // the first screen's largest paint: 'load' can come before its images are decoded and painted,
  // even before some have arrived; the work waits until no new candidate came for SETTLED_MS (or
  // IDLE_TIMEOUT_MS passed), then for the browser's idle time
  let lastPaint = performance.now()
  let observer: PerformanceObserver | undefined
  try {
    observer = new PerformanceObserver(() => (lastPaint = performance.now()))
    observer.observe({ type: "largest-contentful-paint", buffered: true })
  } catch {
    /* no largest-paint entries in this browser: 'load' alone decides */
  }
  let started = 0 // when 'load' came
  const idle = () => {
    observer?.disconnect()
    if (typeof requestIdleCallback === "function") requestIdleCallback(release, { timeout: IDLE_TIMEOUT_MS })
    else setTimeout(release, 200)
  }
  const settle = () => {
    const now = performance.now()
    if (now - lastPaint >= SETTLED_MS || now - started >= IDLE_TIMEOUT_MS) idle()
    else setTimeout(settle, SETTLED_MS - (now - lastPaint))
  }
  const loaded = () => {
    started = performance.now()
    setTimeout(settle, SETTLED_MS)
  }
  if (document.readyState === "complete") loaded()
  else window.addEventListener("load", loaded, { once: true })
}

/** Runs `fn` once the page has loaded and the browser is idle (at once if that moment has passed). */
export function afterLoad(fn: () => void): void {
  if (ready) fn()
  else waiting.add(fn)
}

/** True once the page has loaded and the browser was idle (afterLoad runs its work at once). */
export function pageIsUp(): boolean {
  return ready
}

/** False until the page has loaded and the browser is idle, then true. */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (ready) return () => {}
      waiting.add(listener)
      return () => waiting.delete(listener)
    },
    () => ready,
    () => false,
  )
}
