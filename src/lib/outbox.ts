// The offline outbox: every vote and comment is stored here (IndexedDB, durable) before the UI
// shows it, then sent by one flusher at a time across tabs (Web Locks). Each write carries its
// client-generated record id, so a replay after a lost answer never duplicates. Failures are
// sorted: network, 5xx, 408 and 429 retry with capped exponential backoff and jitter; 401 waits
// for a new session; any other 4xx gives up, marks the write failed and says why. A failing write
// never blocks the others; writes to the same entity (e.g. one product's vote) keep their order.
// Writes belong to the user who made them: another user on the same device never sends them.
import { setFlushing } from "./activity"
import { db, reportStorageError, type OutboxOp } from "./db"
import { ClientResponseError, errorMessage, isNetworkError } from "./pocketbase"

export type { OutboxOp }

/** Sends one write; resolves with the server's answer. Must be idempotent for the same op. */
export type OutboxHandler = (payload: unknown, op: OutboxOp) => Promise<unknown>

export const OUTBOX_VERSION = 1
const LOCK_NAME = "vitrine-outbox-flush"
export const BACKOFF = { baseMs: 1000, maxMs: 5 * 60_000 }

const handlers = new Map<string, OutboxHandler>()

/** Each slice registers how its writes are sent (e.g. "vote.set", "comment.create"). */
export function registerOutboxHandler(kind: string, handler: OutboxHandler) {
  handlers.set(kind, handler)
}

export type OutboxEvent =
  | { type: "sent"; op: OutboxOp; result: unknown }
  /** `immediate`: the write was just submitted and its caller reports the failure itself */
  | { type: "failed"; op: OutboxOp; message: string; immediate: boolean }
type Listener = (e: OutboxEvent) => void
const listeners = new Set<Listener>()

/** Hears about writes sent or given up, in this tab. Returns the unsubscribe function. */
export function onOutboxEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const emit = (e: OutboxEvent) => listeners.forEach((l) => l(e))
/** ops whose caller is waiting in submit() */
const submitting = new Set<number>()

export type ErrorClass = "retry" | "auth" | "fatal"

/** How a failed send is handled (table-tested in outbox.test.ts). */
export function classify(err: unknown): ErrorClass {
  if (isNetworkError(err)) return "retry"
  if (err instanceof ClientResponseError) {
    if (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500) return "retry"
    if (err.status === 401) return "auth"
    return "fatal"
  }
  return "retry"
}

/** Delay before attempt `attempts + 1`: exponential, capped, with jitter (50-100 % of it). */
export function backoffDelay(attempts: number, random = Math.random): number {
  const full = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(full * (0.5 + random() / 2))
}

export interface EnqueueInput {
  kind: string
  /** writes with the same key are sent in order (e.g. `vote:{productId}`) */
  entityKey: string
  payload: unknown
  userId: string
  /** the record id the server will store: the idempotency key */
  opId: string
}

/** Stores a write durably. Resolves once it is committed to IndexedDB. */
export async function enqueue(input: EnqueueInput): Promise<OutboxOp> {
  const op: OutboxOp = {
    ...input,
    v: OUTBOX_VERSION,
    attempts: 0,
    nextAttemptAt: 0,
    state: "pending",
    createdAt: Date.now(),
  }
  try {
    op.seq = await db.outbox.add(op)
  } catch (err) {
    throw new Error(reportStorageError(err), { cause: err }) // nothing was stored: the caller says so
  }
  return op
}

/** The user's writes waiting or failed, oldest first. */
export function pendingOps(userId: string): Promise<OutboxOp[]> {
  return db.outbox.where("userId").equals(userId).sortBy("seq")
}

export async function discard(seq: number) {
  await db.outbox.delete(seq)
}

let localFlush: Promise<void> | null = null
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * Sends the user's due writes. One flusher at a time across tabs: when another tab holds the
 * lock this returns at once (that tab sends them; IndexedDB tells every tab). Schedules itself
 * for the next retry.
 */
export async function flushOutbox(userId: string, now = Date.now): Promise<void> {
  if (!userId) return
  const run = () => flushLocked(userId, now)
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined
  if (locks) {
    await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (lock) await run()
    })
    return
  }
  // no Web Locks (old browsers, unit tests): one flusher per tab
  if (localFlush) return localFlush
  localFlush = run().finally(() => (localFlush = null))
  return localFlush
}

async function flushLocked(userId: string, now: () => number) {
  setFlushing(true) // the update prompt waits for it
  try {
    const ops = await pendingOps(userId)
    // an entity whose earlier write is not through yet waits, so the order per entity holds
    const held = new Set<string>()
    let stopAll = false
    for (const op of ops) {
      if (stopAll) break
      if (op.state === "failed") continue
      if (held.has(op.entityKey)) continue
      if (op.v > OUTBOX_VERSION || !handlers.has(op.kind)) {
        held.add(op.entityKey) // written by a newer version of the app: leave it for that version
        continue
      }
      if (op.nextAttemptAt > now()) {
        held.add(op.entityKey)
        continue
      }
      try {
        const result = await handlers.get(op.kind)!(op.payload, op)
        // listeners update their caches before the pending copy disappears: no flicker
        emit({ type: "sent", op, result })
        await db.outbox.delete(op.seq!)
      } catch (err) {
        const cls = classify(err)
        if (cls === "fatal") {
          const message = errorMessage(err)
          await db.outbox.update(op.seq!, {
            state: "failed",
            lastError: { status: err instanceof ClientResponseError ? err.status : undefined, message },
          })
          emit({ type: "failed", op, message, immediate: submitting.has(op.seq!) })
          continue
        }
        held.add(op.entityKey)
        if (cls === "auth") {
          stopAll = true // nothing goes until the user signs in again
          continue
        }
        const attempts = op.attempts + 1
        await db.outbox.update(op.seq!, {
          attempts,
          nextAttemptAt: now() + backoffDelay(attempts),
          lastError: { status: err instanceof ClientResponseError ? err.status : 0, message: errorMessage(err) },
        })
        if (isNetworkError(err)) stopAll = true // the network is down: the rest would fail too
      }
    }
  } finally {
    setFlushing(false)
  }
  await scheduleNext(userId, now)
}

async function scheduleNext(userId: string, now: () => number) {
  clearTimeout(timer)
  const due = (await pendingOps(userId)).filter((o) => o.state === "pending").map((o) => o.nextAttemptAt)
  if (!due.length) return
  const wait = Math.max(0, Math.min(...due) - now())
  timer = setTimeout(() => void flushOutbox(userId), Math.max(wait, 250))
}

/** Cancels the pending retry timer (sign-out; tests). */
export function stopOutboxTimer() {
  clearTimeout(timer)
}

/** Retry now: the network came back (online, focus, realtime reconnect). */
export async function retryNow(userId: string) {
  if (!userId) return
  await db.outbox
    .where("userId")
    .equals(userId)
    .filter((o) => o.state === "pending")
    .modify({ nextAttemptAt: 0 })
  await flushOutbox(userId)
}

/**
 * Enqueues a write and tries to send it right away. 'sent' carries the server's answer;
 * 'queued' means it waits in the outbox (offline, or another tab is sending); a refusal throws.
 */
export async function submit(input: EnqueueInput): Promise<{ status: "sent"; result: unknown } | { status: "queued" }> {
  const op = await enqueue(input)
  submitting.add(op.seq!)
  let outcome: OutboxEvent | undefined
  const off = onOutboxEvent((e) => {
    if ((e.type === "sent" || e.type === "failed") && e.op.seq === op.seq) outcome = e
  })
  try {
    await flushOutbox(input.userId)
  } finally {
    off()
    submitting.delete(op.seq!)
  }
  if (outcome?.type === "sent") return { status: "sent", result: outcome.result }
  if (outcome?.type === "failed") {
    await discard(op.seq!) // the user is told now; nothing is left behind
    throw new Error(outcome.message)
  }
  return { status: "queued" }
}
