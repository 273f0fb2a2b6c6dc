// The signed-in user's outbox rows, live: one Dexie live query per user, shared by everything that
// watches them (the retry timer of outbox.ts, every component through use-outbox.ts). It updates
// in every tab when any tab writes or sends. Two live queries on the same rows cost a phone's
// first screen two reads of IndexedDB and two observers for every write.
import { db, liveQuery, type OutboxOp } from "./db"

/** The empty queue: always this same list, so an empty answer is no change. */
export const NO_OPS: OutboxOp[] = []

interface Feed {
  ops: OutboxOp[]
  listeners: Set<() => void>
  stop: () => void
}
const feeds = new Map<string, Feed>()

/**
 * Calls `listener` whenever the user's rows change (oldest first, from outboxRows). The first
 * answer of a queue that is empty changes nothing, so it calls nothing. Returns the stop function.
 */
export function watchOutboxRows(userId: string, listener: () => void): () => void {
  let feed = feeds.get(userId)
  if (!feed) {
    const created: Feed = { ops: NO_OPS, listeners: new Set(), stop: () => {} }
    const sub = liveQuery(() => db.outbox.where("userId").equals(userId).sortBy("seq")).subscribe({
      next: (ops) => {
        // the first answer, on every page load and usually empty, re-rendered every component
        // then reading the queue (vote and follow buttons, the comment section, the pending list)
        const next = ops.length === 0 ? NO_OPS : ops
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

/** The user's rows as last read by a live feed (NO_OPS when none is watching, or before its first answer). */
export function outboxRows(userId: string): OutboxOp[] {
  return feeds.get(userId)?.ops ?? NO_OPS
}
