/// <reference lib="webworker" />
// Service worker: precaches the app shell, answers navigations with it (so deep links load
// offline), keeps product images in a bounded cache, and never serves /api/ data stale: offline
// reads of data come from IndexedDB, not from here.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching"
import { NavigationRoute, registerRoute } from "workbox-routing"
import { CacheFirst, NetworkOnly } from "workbox-strategies"
import { ExpirationPlugin } from "workbox-expiration"
import { CacheableResponsePlugin } from "workbox-cacheable-response"

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/_\//],
  }),
)

// Stored files (product images, avatars): immutable per file name, so cache first, bounded.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith("/api/files/") && request.method === "GET",
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
