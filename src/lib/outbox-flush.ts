// Sending the outbox: one flusher at a time across tabs (Web Locks; one per tab without them).
// Before every single send the signed-in user must be the write's owner, and the send carries that
// user's token; when the user changes mid-flush the flush stops. A failing write never blocks the
// others; writes to one entity keep their order. The network being down stops the round (the rest
// would fail too) and makes new writes count as offline (networkWasDown).
import { setFlushing } from "./activity"
import { db } from "./db"
import { backoffDelay, classify, LOCK_NAME, MAX_ODD_FAILURES, OUTBOX_VERSION } from "./outbox-policy"
import { emitOutboxEvent, inFlight, outboxHandler, outboxSession, submitting } from "./outbox-registry"
import { dropIfReplaced, makeDue, pendingOps } from "./outbox-store"
import { ClientResponseError, errorMessage, isNetworkError } from "./pocketbase"

let localFlush: Promise<void> | null = null
/** a token the server refused even after a refresh: nothing is sent with it again */
let refusedToken = ""
/** the last send failed for the network (or a silent server): new writes count as offline */
let networkDown = false

/** True when the last send failed for the network (or a silent server). */
export const networkWasDown = () => networkDown

/**
 * Sends the user's due writes. One flusher at a time across tabs: when another flush holds the
 * lock this returns at once (it sends them; IndexedDB tells every tab), or, with `waitMs`, waits
 * that long for it to finish and then flushes. `fresh`: every waiting write is due again (their
 * backoff cleared) at the start of the round this call runs, not before: a round under way that
 * fails meanwhile would set it again.
 */
export async function flushOutbox(userId: string, now = Date.now, waitMs = 0, fresh = false): Promise<void> {
  if (!userId) return
  const run = () => flushLocked(userId, now, fresh)
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
    return timedOut ? undefined : flushOutbox(userId, now, 0, fresh)
  }
  localFlush = run().finally(() => (localFlush = null))
  return localFlush
}

async function flushLocked(userId: string, now: () => number, fresh: boolean) {
  setFlushing(true) // the update prompt waits for it
  networkDown = false // this round finds out again
  try {
    let ops = await pendingOps(userId)
    // a read-write transaction only when a write is backed off: the round of every fresh start
    // (and of every 'online', focus, reconnect) usually finds an empty outbox
    if (fresh && ops.some((o) => o.state === "pending" && o.nextAttemptAt > 0)) {
      await makeDue(userId)
      ops = await pendingOps(userId)
    }
    // an entity whose earlier write is not through yet waits, so the order per entity holds
    const held = new Set<string>()
    let refreshed = false
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!
      if (op.state === "failed" || held.has(op.entityKey)) continue
      const handler = outboxHandler(op.kind)
      if (op.v > OUTBOX_VERSION || !handler) {
        held.add(op.entityKey) // written by a newer version of the app: leave it for that version
        continue
      }
      // a newer tap on the same vote, already waiting when this round began: only it goes out
      // (IndexedDB is asked only then; a tap made during a send is looked for once that send fails)
      const replaced = op.coalesce && ops.some((o, j) => j > i && o.entityKey === op.entityKey && o.kind === op.kind)
      if (replaced && (await dropIfReplaced(op))) continue
      if (op.nextAttemptAt > now()) {
        held.add(op.entityKey)
        continue
      }
      // checked before every single send: the author, signed in, with a token not refused
      const s = outboxSession().current()
      if (!s || s.userId !== op.userId || s.token === refusedToken) return
      if (!(await db.outbox.get(op.seq!))) continue // coalesced or discarded meanwhile
      inFlight.add(op.seq!)
      try {
        const result = await handler(op.payload, op, { token: s.token })
        // listeners update their caches before the pending copy disappears: no flicker
        networkDown = false
        emitOutboxEvent({ type: "sent", op, result })
        await db.outbox.delete(op.seq!)
      } catch (err) {
        const cls = classify(err)
        // a tap made while this one was on the wire waits behind it: it replaces it now
        if (cls !== "auth" && cls !== "fatal" && (await dropIfReplaced(op))) {
          if (cls === "retry" && isNetworkError(err)) {
            networkDown = true
            return
          }
          continue
        }
        if (cls === "auth") {
          if (!refreshed) {
            refreshed = true
            const r = await outboxSession().refresh()
            if (r === "ok") {
              i -= 1 // the same write again, with the refreshed token
              continue
            }
            if (r === "unreachable") networkDown = true
            return // dead: the session is gone; everything waits for the next sign-in
          }
          // refused again with a token the server had just refreshed: never use it again
          refusedToken = s.token
          emitOutboxEvent({ type: "session-refused", userId: op.userId })
          return
        }
        if (cls === "fatal" || (cls === "odd" && (op.oddFailures ?? 0) + 1 >= MAX_ODD_FAILURES)) {
          const message = cls === "odd" ? `Erro inesperado ao enviar: ${errorMessage(err)}` : errorMessage(err)
          await db.outbox.update(op.seq!, {
            state: "failed",
            lastError: { status: err instanceof ClientResponseError ? err.status : undefined, message },
          })
          emitOutboxEvent({ type: "failed", op, message, immediate: submitting.has(op.seq!) })
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
