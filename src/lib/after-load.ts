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
