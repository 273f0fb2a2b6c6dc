// Whether a CSS media query matches now, kept up to date (a rotated phone, a resized window).
import { useCallback, useSyncExternalStore } from "react"

export function useMedia(query: string): boolean {
  // one subscription per query, not a new one at every render
  const subscribe = useCallback(
    (listener: () => void) => {
      const mq = window.matchMedia(query)
      mq.addEventListener("change", listener)
      return () => mq.removeEventListener("change", listener)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
