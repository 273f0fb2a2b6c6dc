// Whether a CSS media query matches now, kept up to date (a rotated phone, a resized window).
import { useSyncExternalStore } from "react"

export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const mq = window.matchMedia(query)
      mq.addEventListener("change", listener)
      return () => mq.removeEventListener("change", listener)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}
