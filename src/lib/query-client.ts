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

/** A burst of writes (the outbox sending 20 queued votes) is read back once it has been quiet this long... */
export const REREAD_QUIET_MS = 150
/** ...or this long after its first write, whichever comes first. */
export const REREAD_MAX_WAIT_MS = 1_000

const rereads = new WeakMap<QueryClient, Map<string, { timer: ReturnType<typeof setTimeout>; first: number }>>()

/**
 * Reads `queryKey` again after a write the server just took (ours, or one realtime told us of). A
 * read still in flight may predate the write, and invalidation alone joins it instead of
 * restarting it, so it is cancelled at once. The new read waits for the burst to end: 20 queued
 * votes sent one after the other are followed by one read of the user's votes, not 20 (each one
 * restarting the last, and each answer re-rendering every vote button on the page).
 */
export function rereadAfterWrite(queryClient: QueryClient, queryKey: readonly unknown[]) {
  void queryClient.cancelQueries({ queryKey })
  let pending = rereads.get(queryClient)
  if (!pending) rereads.set(queryClient, (pending = new Map()))
  const id = JSON.stringify(queryKey)
  const first = pending.get(id)?.first ?? Date.now()
  clearTimeout(pending.get(id)?.timer)
  const wait = Math.max(0, Math.min(REREAD_QUIET_MS, first + REREAD_MAX_WAIT_MS - Date.now()))
  const timer = setTimeout(() => {
    pending.delete(id)
    void queryClient.invalidateQueries({ queryKey })
  }, wait)
  pending.set(id, { timer, first })
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
