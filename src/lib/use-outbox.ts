// The signed-in user's outbox as live React state. One Dexie live query per user, shared by every
// component that asks (a grid of vote buttons does not open one each); it updates in every tab
// when any tab writes or sends.
import { useCallback, useMemo, useSyncExternalStore } from "react"
import { useAuth } from "./auth"
import { db, liveQuery, type OutboxOp } from "./db"

const NONE: OutboxOp[] = []

interface Feed {
  ops: OutboxOp[]
  listeners: Set<() => void>
  stop: () => void
}
const feeds = new Map<string, Feed>()

function subscribe(userId: string, listener: () => void): () => void {
  let feed = feeds.get(userId)
  if (!feed) {
    const created: Feed = { ops: NONE, listeners: new Set(), stop: () => {} }
    const sub = liveQuery(() => db.outbox.where("userId").equals(userId).sortBy("seq")).subscribe({
      next: (ops) => {
        // an empty queue is always the same empty list, so its answers change nothing: the first
        // one, on every page load and usually empty, re-rendered every component then reading the
        // queue (vote and follow buttons, the comment section, the pending list), synchronously
        const next = ops.length === 0 ? NONE : ops
        if (next === created.ops) return
        created.ops = next
        created.listeners.forEach((l) => l())
      },
      error: (err) => console.warn("Não foi possível ler a fila offline", err),
    })
    created.stop = () => sub.unsubscribe()
    feeds.set(userId, created)
    feed = created
  }
  const current = feed
  current.listeners.add(listener)
  return () => {
    current.listeners.delete(listener)
    if (current.listeners.size === 0) {
      current.stop()
      feeds.delete(userId)
    }
  }
}

/**
 * What `select` makes of the user's queued writes (oldest first). The component re-renders only
 * when that changes (compared with Object.is): a button that selects its own waiting write, as a
 * primitive, stays still while the queue changes for the others (20 queued votes sent under a grid
 * of 24 vote buttons re-rendered all 24 twice per vote).
 */
export function useOutboxSelect<T>(select: (ops: OutboxOp[]) => T): T {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const subscribeUser = useCallback((l: () => void) => (userId ? subscribe(userId, l) : () => {}), [userId])
  return useSyncExternalStore(
    subscribeUser,
    () => select(userId ? (feeds.get(userId)?.ops ?? NONE) : NONE),
    () => select(NONE),
  )
}

const all = (ops: OutboxOp[]) => ops

/** The user's queued writes of `kind` (all kinds when omitted), oldest first. */
export function useOutbox(kind?: string): OutboxOp[] {
  const ops = useOutboxSelect(all)
  return useMemo(() => (kind ? ops.filter((o) => o.kind === kind) : ops), [ops, kind])
}
