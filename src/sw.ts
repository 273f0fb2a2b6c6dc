/// <reference lib="webworker" />
// Service worker: precaches the app shell, answers navigations with it (so deep links load
// offline), keeps product images in a bounded cache, and never serves /api/ data stale: offline
// reads of data come from IndexedDB, not from here. It also shows web pushes (a repeat of the same
// job id is dropped: the worker is at-least-once), opens the app at a push's page when it is
// tapped, and renews the push subscription when the browser replaces it.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching"
import { NavigationRoute, registerRoute } from "workbox-routing"
import { CacheFirst, NetworkOnly } from "workbox-strategies"
import { ExpirationPlugin } from "workbox-expiration"
import { CacheableResponsePlugin } from "workbox-cacheable-response"
import { displayPush, readPush, sitePath } from "./lib/push-display"

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// / is the prerendered landing page (landing.html); /home, with no filter in its URL, the app
// with its first screen prerendered (home.html, as the server sends it); every other page is the
// app (index.html)
registerRoute(new NavigationRoute(createHandlerBoundToURL("/landing.html"), { allowlist: [/^\/$/] }))
registerRoute(new NavigationRoute(createHandlerBoundToURL("/home.html"), { allowlist: [/^\/home$/] }))
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/_\//],
  }),
)

// Stored files (product images, avatars): immutable per file name, so cache first, bounded.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith("/api/files/") &&
    request.method === "GET" &&
    // pictures of a product in review carry a short-lived file token: never kept on the device
    !url.searchParams.has("token"),
  new CacheFirst({
    cacheName: "vitrine-images",
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// The realtime stream (/api/realtime, server-sent events, open for minutes) is left to the browser:
// an event stream answered through this worker would hold it busy, and a new version could not
// take over (activation waits for in-flight fetches) until the stream closed.
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && url.pathname.startsWith("/api/") && url.pathname !== "/api/realtime",
  new NetworkOnly(),
)

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting()
})

// ---------- web push ----------

self.addEventListener("push", (event) => {
  event.waitUntil(displayPush(self, readPush(event.data)))
})

self.addEventListener("notificationclick", (event) => {
  event.notification.close()
  const data = (event.notification.data ?? {}) as { url?: string; id?: string }
  const target = new URL(sitePath(data.url), self.location.origin).href
  event.waitUntil(
    (async () => {
      // the in-app notification becomes read; the job id is all the service worker knows
      const read = data.id
        ? fetch("/api/vitrine/push/opened", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ id: data.id }),
          }).catch(() => undefined)
        : Promise.resolve(undefined)
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true })
      const ours = windows.filter((c) => new URL(c.url).origin === self.location.origin)
      // a window this worker controls can be navigated; prefer the focused one
      const client = ours.find((c) => c.focused) ?? ours[0]
      let opened = false
      if (client) {
        try {
          await client.focus()
        } catch {
          /* focus needs a real tap on some platforms */
        }
        try {
          opened = !!(await client.navigate(target))
        } catch {
          opened = false
        }
      }
      if (!opened) {
        try {
          await self.clients.openWindow(target)
        } catch {
          /* no window could be opened (no real user tap) */
        }
      }
      await read
    })(),
  )
})

// The browser replaced the subscription (expiry, key change): store the new one in place of the
// old. The service worker has no session; holding the old endpoint (a secret URL) is the proof.
self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null
    newSubscription?: PushSubscription | null
    waitUntil(p: Promise<unknown>): void
  }
  change.waitUntil(
    (async () => {
      const old = change.oldSubscription
      let next = change.newSubscription ?? null
      if (!next) {
        const key = old?.options?.applicationServerKey
        if (!key) return // the app subscribes again at its next start
        next = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
      }
      const keys = next.toJSON().keys ?? {}
      if (!old) return
      await fetch("/api/vitrine/push/renew", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          old_endpoint: old.endpoint,
          endpoint: next.endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
        }),
      })
    })().catch(() => undefined),
  )
})
