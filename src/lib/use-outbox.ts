// The signed-in user's outbox as live React state, from the shared live feed (outbox-feed.ts): a
// grid of vote buttons does not open one live query each.
import { useCallback, useMemo, useSyncExternalStore } from "react"
import { useAuth } from "./auth"
import type { OutboxOp } from "./db"
import { NO_OPS, outboxRows, watchOutboxRows } from "./outbox-feed"

/**
 * What `select` makes of the user's queued writes (oldest first). The component re-renders only
 * when that changes (compared with Object.is): a button that selects its own waiting write, as a
 * primitive, stays still while the queue changes for the others (20 queued votes sent under a grid
 * of 24 vote buttons re-rendered all 24 twice per vote).
 */
export function useOutboxSelect<T>(select: (ops: OutboxOp[]) => T): T {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const subscribeUser = useCallback((l: () => void) => (userId ? watchOutboxRows(userId, l) : () => {}), [userId])
  return useSyncExternalStore(
    subscribeUser,
    () => select(userId ? outboxRows(userId) : NO_OPS),
    () => select(NO_OPS),
  )
}

const all = (ops: OutboxOp[]) => ops

/** The user's queued writes of `kind` (all kinds when omitted), oldest first. */
export function useOutbox(kind?: string): OutboxOp[] {
  const ops = useOutboxSelect(all)
  return useMemo(() => (kind ? ops.filter((o) => o.kind === kind) : ops), [ops, kind])
}
