import { QueryClient, onlineManager } from "@tanstack/react-query"

// TanStack starts "online" and only listens to online/offline events: seed it from the browser.
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine)

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // spec section 9: freshness 60 s, 1 retry. Queries run offline too: they fall back to Dexie.
      queries: { staleTime: 60_000, retry: 1, networkMode: "always", refetchOnWindowFocus: false },
      // Mutations run offline too: votes and comments go to the outbox, the rest fail and say so
      // (TanStack would otherwise pause them silently until the browser is online).
      mutations: { networkMode: "always" },
    },
  })
}

/**
 * Reads `queryKey` again after a write the server just took (ours, or one realtime told us of). A
 * first read still in flight (no data yet) may predate the write, and invalidation alone joins it
 * instead of restarting it, so it is cancelled first.
 */
export function rereadAfterWrite(queryClient: QueryClient, queryKey: readonly unknown[]) {
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }))
}

/**
 * `bind` made idempotent per QueryClient: cache listeners a slice registers for the app's lifetime
 * (e.g. what a sent vote changes), from whichever of its modules loads first, exactly once.
 */
export function oncePerClient(bind: (queryClient: QueryClient) => void): (queryClient: QueryClient) => void {
  const bound = new WeakSet<QueryClient>()
  return (queryClient) => {
    if (bound.has(queryClient)) return
    bound.add(queryClient)
    bind(queryClient)
  }
}
