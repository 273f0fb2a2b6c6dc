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
//   armed it loses nothing (watchOutbox, from the live feed the components share: outbox-feed.ts).
// This module is the outbox's face (submit, the retry timer); its parts live beside it:
// outbox-policy.ts (failure classes, backoff), outbox-registry.ts (handlers, session, events),
// outbox-store.ts (the IndexedDB rows) and outbox-flush.ts (sending).
import { db, type OutboxOp } from "./db"
import { outboxRows, watchOutboxRows } from "./outbox-feed"
import { flushOutbox, networkWasDown } from "./outbox-flush"
import { MIN_TIMER_MS, SUBMIT_WAIT_MS } from "./outbox-policy"
import { onOutboxEvent, submitting, type OutboxEvent } from "./outbox-registry"
import { discard, enqueue, type EnqueueInput } from "./outbox-store"

export type { OutboxOp }
export { flushOutbox } from "./outbox-flush"
export {
  BACKOFF,
  backoffDelay,
  classify,
  MAX_ODD_FAILURES,
  OUTBOX_VERSION,
  SUBMIT_WAIT_MS,
  type ErrorClass,
} from "./outbox-policy"
export {
  onOutboxEvent,
  registerOutboxHandler,
  setOutboxSession,
  type OutboxEvent,
  type OutboxHandler,
  type OutboxSession,
  type SendContext,
} from "./outbox-registry"
export { discard, enqueue, pendingOps, type EnqueueInput } from "./outbox-store"

/**
 * Keeps a timer, in this tab, for the user's next due retry, armed from IndexedDB: every tab does,
 * so the retry happens while any tab is open (only one of them sends). Returns the stop function.
 */
export function watchOutbox(userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    clearTimeout(timer)
    const due = outboxRows(userId)
      .filter((o) => o.state === "pending")
      .map((o) => o.nextAttemptAt)
    if (!due.length) return
    const wait = Math.max(MIN_TIMER_MS, Math.min(...due) - Date.now())
    timer = setTimeout(() => void flushOutbox(userId), wait)
  }
  const stop = watchOutboxRows(userId, arm)
  arm() // the rows a feed already watching has read (a component may have started it)
  return () => {
    clearTimeout(timer)
    stop()
  }
}

/**
 * Retry now: the network or the session came back (online, focus, realtime reconnect, sign-in).
 * Every waiting write is sent, backoff or not, in a round that starts after any round under way
 * (this tab's or another's) has ended, waiting up to SUBMIT_WAIT_MS for it: a round that began just
 * before the network came back fails and stops, and the news that it is back must not be lost to
 * it (the writes would wait for the next retry timer).
 */
export async function retryNow(userId: string) {
  if (!userId) return
  await flushOutbox(userId, Date.now, SUBMIT_WAIT_MS, true)
}

/**
 * What became of a write just submitted: 'sent' (with the server's answer, when this tab sent it
 * or heard it from the tab that did), 'offline' (kept; the network is down or silent) or 'waiting'
 * (kept; another send is under way, or an earlier write of the same entity goes first). A refusal
 * throws with the server's reason.
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
  if (networkWasDown() || (typeof navigator !== "undefined" && navigator.onLine === false)) return { status: "offline" }
  return { status: "waiting" }
}
