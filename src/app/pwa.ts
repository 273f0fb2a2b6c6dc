// Registers the service worker (precached app shell, offline navigations, image cache).
// The update prompt ('Nova versão disponível') comes with the local-first issue.
import { registerSW } from "virtual:pwa-register"

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return
  registerSW({ immediate: true })
}
