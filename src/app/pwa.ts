// Registers the service worker (precached app shell, offline navigations, image cache) and runs
// the update flow: a new deployment's worker waits until the user taps 'Atualizar' on 'Nova versão
// disponível'; the page is never reloaded while a form holds unsaved input (the user is told) nor
// while the outbox is sending (the reload waits for it). Checks for a new version hourly, online.
import { useSyncExternalStore } from "react"
import { registerSW } from "virtual:pwa-register"
import { hasUnsavedInput, whenNotFlushing } from "@/lib/activity"

let needRefresh = false
let updateSW: ((reload?: boolean) => Promise<void>) | null = null
const listeners = new Set<() => void>()
const CHECK_EVERY_MS = 60 * 60 * 1000

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return
  updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      needRefresh = true
      listeners.forEach((l) => l())
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return
      setInterval(() => {
        if (navigator.onLine) void registration.update()
      }, CHECK_EVERY_MS)
    },
  })
}

export function useNeedRefresh(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => needRefresh,
    () => false,
  )
}

/** 'Atualizar': false (nothing done) while a form holds unsaved input. */
export async function applyUpdate(): Promise<boolean> {
  if (hasUnsavedInput()) return false
  await whenNotFlushing()
  await updateSW?.(true)
  return true
}
