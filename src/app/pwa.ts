// Registers the service worker (precached app shell, offline navigations, image cache) and runs
// the update flow: a new deployment's worker waits until the user taps 'Atualizar' on 'Nova versão
// disponível'. Every open tab must agree first: the tab that asks sends a question on a
// BroadcastChannel and any tab with unsaved form input says no, so the asking tab says 'Termine o
// que está escrevendo...' and nothing reloads. A tab that still holds unsaved input when the new
// worker takes over (it was typed after it answered) does not reload until the input is sent or
// cleared; no tab reloads while the outbox is sending. Checks for a new version hourly, online.
// Registration waits until the page has settled (src/lib/after-load.ts: loaded, its first screen
// and what comes after it drawn, then unchanged for a second): installing the worker downloads the
// whole app for offline use, which must not compete with the page's start-up.
import { useSyncExternalStore } from "react"
import { afterSettled } from "@/lib/after-load"
import { hasUnsavedInput, onUnsavedInputChange, whenNotFlushing } from "@/lib/activity"

let needRefresh = false
let updateSW: ((reload?: boolean) => Promise<void>) | null = null
const listeners = new Set<() => void>()
const CHECK_EVERY_MS = 60 * 60 * 1000

/** Where tabs ask each other before an update (the asking side lives in update-prompt.tsx). */
export const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("vitrine-update") : null
export type UpdateMessage = { type: "ask"; id: string } | { type: "answer"; id: string; busy: boolean }
channel?.addEventListener("message", (e: MessageEvent<UpdateMessage>) => {
  if (e.data?.type === "ask") channel.postMessage({ type: "answer", id: e.data.id, busy: hasUnsavedInput() })
})

/** The new worker controls this tab: reload, once nothing here would be lost by it. */
async function reloadWhenSafe() {
  await whenNotFlushing()
  if (!hasUnsavedInput()) return window.location.reload()
  const off = onUnsavedInputChange(() => {
    if (hasUnsavedInput()) return
    off()
    void whenNotFlushing().then(() => window.location.reload())
  })
}

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return
  afterSettled(() => void register())
}

async function register() {
  const { registerSW } = await import("virtual:pwa-register")
  updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      needRefresh = true
      listeners.forEach((l) => l())
    },
    onNeedReload: () => void reloadWhenSafe(),
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

/** Hands the waiting worker the page (every tab then reloads when safe). */
export async function activateUpdate() {
  await whenNotFlushing()
  await updateSW?.(true)
}
