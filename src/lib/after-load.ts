// Work that is not part of the first screen (the service worker's install, the signed-in extras of
// the header, the offline copies' database, what sits below the fold) waits until the page has
// loaded and the browser is idle, so it never competes with the first paint for the phone's CPU
// or its connection. Everything runs at most a few seconds after load, even on a busy page.
import { startTransition, useEffect, useState } from "react"

const IDLE_TIMEOUT_MS = 2000
let ready = typeof document === "undefined"
const waiting = new Set<() => void>()

function release() {
  ready = true
  const fns = [...waiting]
  waiting.clear()
  fns.forEach((fn) => fn())
}

if (!ready) {
  const idle = () =>
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(release, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(release, 200)
  if (document.readyState === "complete") idle()
  else window.addEventListener("load", idle, { once: true })
}

/** Runs `fn` once the page has loaded and the browser is idle (at once if that moment has passed). */
export function afterLoad(fn: () => void): void {
  if (ready) fn()
  else waiting.add(fn)
}

/** The first screen's images get at most this long, after load, before afterFirstScreen runs anyway. */
const FIRST_SCREEN_CAP_MS = 2000

/**
 * Runs `fn` once the page has loaded, the browser is idle and the images the first screen waits
 * for (those not loading lazily) have arrived, or FIRST_SCREEN_CAP_MS after load at the latest,
 * or when the page is being left. For work that would compete with the largest paint for the
 * connection: the load event can come before the first row of covers has arrived, since React
 * renders them after it.
 */
export function afterFirstScreen(fn: () => void): void {
  afterLoad(() => {
    const pending = [...document.images].filter((img) => !img.complete && img.loading !== "lazy")
    if (pending.length === 0) return fn()
    let done = false
    const go = () => {
      if (done) return
      done = true
      clearTimeout(cap)
      window.removeEventListener("pagehide", go)
      fn()
    }
    const cap = setTimeout(go, FIRST_SCREEN_CAP_MS)
    window.addEventListener("pagehide", go, { once: true })
    let left = pending.length
    const arrived = () => {
      left -= 1
      if (left === 0) go()
    }
    for (const img of pending) {
      img.addEventListener("load", arrived, { once: true })
      img.addEventListener("error", arrived, { once: true })
    }
  })
}

/**
 * False until the page has loaded and the browser is idle, then true. The switch re-renders as a
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
