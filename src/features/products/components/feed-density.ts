// The phone feed's density: compact rows (a thumbnail beside the title, several products per
// screen; the default) or the large cards. The choice is kept on the device (localStorage) and
// shared by every listing and tab; from sm up the grid of large cards is always used.
import { useCallback, useSyncExternalStore } from "react"
import { useMedia } from "@/lib/use-media"

export type Density = "compact" | "large"

const KEY = "vitrine.feed-density"
const PHONE = "(max-width: 639px)"
const listeners = new Set<() => void>()

function read(): Density {
  try {
    return localStorage.getItem(KEY) === "large" ? "large" : "compact"
  } catch {
    return "compact"
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => e.key === KEY && listener()
  window.addEventListener("storage", onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener("storage", onStorage)
  }
}

export function useDensity(): [Density, (d: Density) => void] {
  const density = useSyncExternalStore(subscribe, read, () => "compact" as const)
  const set = useCallback((d: Density) => {
    try {
      localStorage.setItem(KEY, d)
    } catch {
      /* private mode: the choice lasts this page */
    }
    listeners.forEach((l) => l())
  }, [])
  return [density, set]
}

/** True on a phone-wide screen (below Tailwind's sm). */
export function usePhoneWidth(): boolean {
  return useMedia(PHONE)
}
