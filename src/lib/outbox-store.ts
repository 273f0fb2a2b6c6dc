// The outbox's rows in IndexedDB (Dexie, ./db): storing a write durably (a set-state write
// replaces the same user's earlier waiting one of the same entity), listing a user's writes and
// dropping one. Works offline: nothing here touches the network.
import { db, reportStorageError, type OutboxOp } from "./db"
import { OUTBOX_VERSION } from "./outbox-policy"
import { inFlight } from "./outbox-registry"

export interface EnqueueInput {
  kind: string
  /** writes with the same key are sent in order (e.g. `vote:{productId}`) */
  entityKey: string
  payload: unknown
  userId: string
  /** the record id the server will store: the idempotency key */
  opId: string
  /** a set-state write: it replaces this user's earlier waiting writes of the same kind and entity */
  coalesce?: boolean
  /** for the pending list: what it is and where it shows */
  label?: string
  href?: string
}

/** `o` is waiting to be sent and sets the same state as `w` (same user and kind; the entity is the caller's query). */
function waitingSameState(o: OutboxOp, w: { userId: string; kind: string }): boolean {
  return o.userId === w.userId && o.kind === w.kind && o.state === "pending"
}

/** Stores a write durably. Resolves once it is committed to IndexedDB. */
export async function enqueue(input: EnqueueInput): Promise<OutboxOp> {
  const { coalesce, ...fields } = input
  const op: OutboxOp = {
    ...fields,
    ...(coalesce ? { coalesce } : {}),
    v: OUTBOX_VERSION,
    attempts: 0,
    nextAttemptAt: 0,
    state: "pending",
    createdAt: Date.now(),
  }
  try {
    await db.transaction("rw", db.outbox, async () => {
      if (coalesce) {
        await db.outbox
          .where("entityKey")
          .equals(input.entityKey)
          .filter((o) => waitingSameState(o, input) && !inFlight.has(o.seq!))
          .delete()
      }
      op.seq = await db.outbox.add(op)
    })
  } catch (err) {
    throw new Error(reportStorageError(err), { cause: err }) // nothing was stored: the caller says so
  }
  return op
}

/**
 * Drops `op`, a set-state write, when a newer waiting write of the same user, kind and entity
 * replaces it: a tap made while `op` was being sent could not replace it then (a write on the wire
 * is never dropped), so it is done once that send has failed, or at the next flush. True when dropped.
 */
export async function dropIfReplaced(op: OutboxOp): Promise<boolean> {
  if (!op.coalesce || op.seq === undefined) return false
  const seq = op.seq
  // counted and dropped in one transaction: if another tab discards the newer write in between,
  // this one stays
  return db.transaction("rw", db.outbox, async () => {
    const newer = await db.outbox
      .where("entityKey")
      .equals(op.entityKey)
      .filter((o) => o.seq! > seq && waitingSameState(o, op))
      .count()
    if (newer === 0) return false
    await db.outbox.delete(seq)
    return true
  })
}

/** Every waiting write of the user is due now: their backoff is cleared. */
export async function makeDue(userId: string) {
  await db.outbox
    .where("userId")
    .equals(userId)
    .filter((o) => o.state === "pending")
    .modify({ nextAttemptAt: 0 })
}

/** The user's writes waiting or failed, oldest first. */
export function pendingOps(userId: string): Promise<OutboxOp[]> {
  return db.outbox.where("userId").equals(userId).sortBy("seq")
}

export async function discard(seq: number) {
  await db.outbox.delete(seq)
}
