// The offline outbox: every vote and comment is stored here (IndexedDB, durable) before the UI
// shows it, then sent by one flusher at a time across tabs (Web Locks). Each write carries its
// client-generated record id, so a replay after a lost answer never duplicates.
// - A write is only ever sent as its author: before every single send the signed-in user must be
//   the write's owner, and the send carries that user's token explicitly. When the user changes
//   mid-flush the flush stops; the other user's writes wait on the device, hidden, until they
//   sign in again.
// - Failures are sorted: network (including a silent server: requests time out), 5xx, 408 and 429
//   retry with capped exponential backoff and jitter; 401 tries one session refresh, then stops
//   everything until the next sign-in (no loop); any other 4xx gives up, marks the write failed
//   and says why; a failure that is not an HTTP answer at all (a bug) gets MAX_ODD_FAILURES tries.
// - A failing write never blocks the others; writes to one entity (a product's vote) keep their
//   order, and a newer vote on the same product replaces one still waiting (coalescing).
// - Every tab keeps a timer for the next retry from what IndexedDB says, so closing the tab that
//   armed it loses nothing (watchOutbox).
import { setFlushing } from "./activity"
import { db, liveQuery, reportStorageError, type OutboxOp } from "./db"
import { ClientResponseError, errorMessage, isNetworkError } from "./pocketbase"
import { currentSession, refreshSession, type RefreshResult } from "./session"

export type { OutboxOp }

/** What a send needs besides the write: the author's token (never whatever session is current). */
export interface SendContext {
  token: string
}

/** Sends one write; resolves with the server's answer. Must be idempotent for the same op. */
export type OutboxHandler = (payload: unknown, op: OutboxOp, ctx: SendContext) => Promise<unknown>

/** Who may send right now, and one refresh try after a 401 (replaceable in tests). */
export interface OutboxSession {
  current(): { userId: string; token: string } | null
  refresh(): Promise<RefreshResult>
}

export const OUTBOX_VERSION = 1
const LOCK_NAME = "vitrine-outbox-flush"
export const BACKOFF = { baseMs: 1000, maxMs: 5 * 60_000 }
/** tries of a write whose send fails without an HTTP answer (a bug), before it shows as failed */
export const MAX_ODD_FAILURES = 3
/** how long a new write waits for another flush (this tab's or another's) before it counts as queued */
export const SUBMIT_WAIT_MS = 4_000
/** the earliest a timer fires again, so nothing can spin */
const MIN_TIMER_MS = 250

const handlers = new Map<string, OutboxHandler>()
let session: OutboxSession = { current: currentSession, refresh: refreshSession }

/** Each slice registers how its writes are sent (e.g. "vote.set", "comment.create"). */
export function registerOutboxHandler(kind: string, handler: OutboxHandler) {
  handlers.set(kind, handler)
}

/** Tests replace the session; returns the restore function. */
export function setOutboxSession(s: OutboxSession): () => void {
  const before = session
  session = s
  return () => (session = before)
}

export type OutboxEvent =
  | { type: "sent"; op: OutboxOp; result: unknown }
  /** `immediate`: the write was just submitted and its caller reports the failure itself */
  | { type: "failed"; op: OutboxOp; message: string; immediate: boolean }
  /** the server refused the session even after a refresh: nothing goes until a new sign-in */
  | { type: "session-refused"; userId: string }
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

export type ErrorClass = "retry" | "auth" | "fatal" | "odd"

/** How a failed send is handled (table-tested in outbox.test.ts). */
export function classify(err: unknown): ErrorClass {
  if (err instanceof ClientResponseError) {
    if (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500) return "retry"
    if (err.status === 401) return "auth"
    return "fatal"
  }
  if (isNetworkError(err)) return "retry"
  return "odd"
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
  /** a set-state write: it replaces this user's earlier waiting writes of the same kind and entity */
  coalesce?: boolean
  /** for the pending list: what it is and where it shows */
  label?: string
  href?: string
}

/** Stores a write durably. Resolves once it is committed to IndexedDB. */
export async function enqueue(input: EnqueueInput): Promise<OutboxOp> {
  const { coalesce, ...fields } = input
  const op: OutboxOp = {
    ...fields,
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
          .filter(
            (o) => o.userId === input.userId && o.kind === input.kind && o.state === "pending" && !inFlight.has(o.seq!),
          )
          .delete()
      }
      op.seq = await db.outbox.add(op)
    })
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

/** the op being sent right now in this tab (never coalesced away mid-send) */
const inFlight = new Set<number>()
let localFlush: Promise<void> | null = null
/** a token the server refused even after a refresh: nothing is sent with it again */
let refusedToken = ""
/** the last send failed for the network (or a silent server): new writes count as offline */
let networkDown = false

/**
 * Sends the user's due writes. One flusher at a time across tabs: when another flush holds the
 * lock this returns at once (it sends them; IndexedDB tells every tab), or, with `waitMs`, waits
 * that long for it to finish and then flushes.
 */
export async function flushOutbox(userId: string, now = Date.now, waitMs = 0): Promise<void> {
  if (!userId) return
  const run = () => flushLocked(userId, now)
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined
  if (locks) {
    const opts: LockOptions = waitMs > 0 ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true }
    await locks
      .request(LOCK_NAME, opts, async (lock) => {
        if (lock) await run()
      })
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError"))) throw err
      })
    return
  }
  // no Web Locks (old browsers, unit tests): one flusher per tab
  if (localFlush) {
    if (waitMs <= 0) return localFlush
    const timedOut = await Promise.race([
      localFlush.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), waitMs)),
    ])
    return timedOut ? undefined : flushOutbox(userId, now)
  }
  localFlush = run().finally(() => (localFlush = null))
  return localFlush
}

async function flushLocked(userId: string, now: () => number) {
  setFlushing(true) // the update prompt waits for it
  networkDown = false // this round finds out again
  try {
    const ops = await pendingOps(userId)
    // an entity whose earlier write is not through yet waits, so the order per entity holds
    const held = new Set<string>()
    let refreshed = false
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!
      if (op.state === "failed" || held.has(op.entityKey)) continue
      if (op.v > OUTBOX_VERSION || !handlers.has(op.kind)) {
        held.add(op.entityKey) // written by a newer version of the app: leave it for that version
        continue
      }
      if (op.nextAttemptAt > now()) {
        held.add(op.entityKey)
        continue
      }
      // checked before every single send: the author, signed in, with a token not refused
      const s = session.current()
      if (!s || s.userId !== op.userId || s.token === refusedToken) return
      if (!(await db.outbox.get(op.seq!))) continue // coalesced or discarded meanwhile
      inFlight.add(op.seq!)
      try {
        const result = await handlers.get(op.kind)!(op.payload, op, { token: s.token })
        // listeners update their caches before the pending copy disappears: no flicker
        networkDown = false
        emit({ type: "sent", op, result })
        await db.outbox.delete(op.seq!)
      } catch (err) {
        const cls = classify(err)
        if (cls === "auth") {
          if (!refreshed) {
            refreshed = true
            const r = await session.refresh()
            if (r === "ok") {
              i -= 1 // the same write again, with the refreshed token
              continue
            }
            if (r === "unreachable") networkDown = true
            return // dead: the session is gone; everything waits for the next sign-in
          }
          // refused again with a token the server had just refreshed: never use it again
          refusedToken = s.token
          emit({ type: "session-refused", userId: op.userId })
          return
        }
        if (cls === "fatal" || (cls === "odd" && (op.oddFailures ?? 0) + 1 >= MAX_ODD_FAILURES)) {
          const message = cls === "odd" ? `Erro inesperado ao enviar: ${errorMessage(err)}` : errorMessage(err)
          await db.outbox.update(op.seq!, {
            state: "failed",
            lastError: { status: err instanceof ClientResponseError ? err.status : undefined, message },
          })
          emit({ type: "failed", op, message, immediate: submitting.has(op.seq!) })
          continue
        }
        held.add(op.entityKey)
        const attempts = op.attempts + 1
        await db.outbox.update(op.seq!, {
          attempts,
          oddFailures: (op.oddFailures ?? 0) + (cls === "odd" ? 1 : 0),
          nextAttemptAt: now() + backoffDelay(attempts),
          lastError: { status: err instanceof ClientResponseError ? err.status : 0, message: errorMessage(err) },
        })
        if (cls === "retry" && isNetworkError(err)) {
          networkDown = true
          return // the network is down: the rest would fail too
        }
      } finally {
        inFlight.delete(op.seq!)
      }
    }
  } finally {
    setFlushing(false)
  }
}

/**
 * Keeps a timer, in this tab, for the user's next due retry, armed from IndexedDB: every tab does,
 * so the retry happens while any tab is open (only one of them sends). Returns the stop function.
 */
export function watchOutbox(userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const sub = liveQuery(() => db.outbox.where("userId").equals(userId).toArray()).subscribe({
    next: (ops) => {
      clearTimeout(timer)
      const due = ops.filter((o) => o.state === "pending").map((o) => o.nextAttemptAt)
      if (!due.length) return
      const wait = Math.max(MIN_TIMER_MS, Math.min(...due) - Date.now())
      timer = setTimeout(() => void flushOutbox(userId), wait)
    },
    error: (err) => console.warn("Não foi possível ler a fila offline", err),
  })
  return () => {
    clearTimeout(timer)
    sub.unsubscribe()
  }
}

/** Retry now: the network or the session came back (online, focus, realtime reconnect, sign-in). */
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
 * What became of a write just submitted: 'sent' (with the server's answer when this tab sent it),
 * 'offline' (kept; the network is down or silent) or 'waiting' (kept; another send is under way,
 * or an earlier write of the same entity goes first). A refusal throws with the server's reason.
 */
export type SubmitOutcome = { status: "sent"; result: unknown } | { status: "offline" } | { status: "waiting" }

/** Enqueues a write and tries to send it right away (waiting a moment for a flush under way). */
export async function submit(input: EnqueueInput, waitMs = SUBMIT_WAIT_MS): Promise<SubmitOutcome> {
  const op = await enqueue(input)
  submitting.add(op.seq!)
  let outcome: OutboxEvent | undefined
  const off = onOutboxEvent((e) => {
    if ((e.type === "sent" || e.type === "failed") && e.op.seq === op.seq) outcome = e
  })
  try {
    await flushOutbox(input.userId, Date.now, waitMs)
  } finally {
    off()
    submitting.delete(op.seq!)
  }
  if (outcome?.type === "sent") return { status: "sent", result: outcome.result }
  if (outcome?.type === "failed") {
    await discard(op.seq!) // the user is told now; nothing is left behind
    throw new Error(outcome.message)
  }
  const left = await db.outbox.get(op.seq!)
  if (!left) return { status: "sent", result: undefined } // another tab sent it
  if (networkDown || (typeof navigator !== "undefined" && navigator.onLine === false)) return { status: "offline" }
  return { status: "waiting" }
}
