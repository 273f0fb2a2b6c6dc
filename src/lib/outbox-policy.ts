// How the outbox treats a failed send, and its fixed numbers: no I/O here (table-tested in
// outbox.test.ts). Network trouble, 5xx, 408 and 429 retry with capped exponential backoff and
// jitter; 401 is the session's business; any other 4xx gives up; a failure that is not an HTTP
// answer at all (a bug) gets MAX_ODD_FAILURES tries.
import { ClientResponseError, isNetworkError } from "./pocketbase"

export const OUTBOX_VERSION = 1
export const LOCK_NAME = "vitrine-outbox-flush"
export const BACKOFF = { baseMs: 1000, maxMs: 5 * 60_000 }
/** tries of a write whose send fails without an HTTP answer (a bug), before it shows as failed */
export const MAX_ODD_FAILURES = 3
/** how long a new write waits for another flush (this tab's or another's) before it counts as queued */
export const SUBMIT_WAIT_MS = 4_000
/** the earliest a timer fires again, so nothing can spin */
export const MIN_TIMER_MS = 250

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
