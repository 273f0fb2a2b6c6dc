// What the outbox's modules share in this tab, in memory: how each kind of write is sent
// (registered by the slices), who may send (the session, replaceable in tests), who hears about
// writes sent (by this tab or, news relayed, by another) or given up, and which writes are being
// sent or awaited right now.
import type { OutboxOp } from "./db"
import { currentSession, refreshSession, type RefreshResult } from "./session"

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

const handlers = new Map<string, OutboxHandler>()
let session: OutboxSession = { current: currentSession, refresh: refreshSession }

/** Each slice registers how its writes are sent (e.g. "vote.set", "comment.create"). */
export function registerOutboxHandler(kind: string, handler: OutboxHandler) {
  handlers.set(kind, handler)
}

/** How writes of `kind` are sent, if this version of the app knows. */
export const outboxHandler = (kind: string): OutboxHandler | undefined => handlers.get(kind)

/** Tests replace the session; returns the restore function. */
export function setOutboxSession(s: OutboxSession): () => void {
  const before = session
  session = s
  return () => (session = before)
}

/** The session sends are checked against (read before every single send). */
export const outboxSession = (): OutboxSession => session

export type OutboxEvent =
  | { type: "sent"; op: OutboxOp; result: unknown }
  /** `immediate`: the write was just submitted and its caller reports the failure itself */
  | { type: "failed"; op: OutboxOp; message: string; immediate: boolean }
  /** the server refused the session even after a refresh: nothing goes until a new sign-in */
  | { type: "session-refused"; userId: string }
type Listener = (e: OutboxEvent) => void
const listeners = new Set<Listener>()
const deliver = (e: OutboxEvent) => listeners.forEach((l) => l(e))

/**
 * A write one tab sent is news in every tab of the app: whichever tab sends it, the tab where it
 * was made shows the server's answer (the vote counted, the comment in the list), not the state
 * from before it. Failures stay with the tab that sent: it says why, once.
 */
const otherTabs = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("vitrine-outbox-sent") : null
otherTabs?.addEventListener("message", (m: MessageEvent<OutboxEvent>) => {
  if (m.data?.type === "sent") deliver(m.data)
})

/** Hears about writes sent (by this tab or another) or given up (by this tab). Returns the unsubscribe function. */
export function onOutboxEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function emitOutboxEvent(e: OutboxEvent) {
  // the other tabs first: a listener here that throws must not keep the news from them
  if (e.type === "sent") {
    try {
      otherTabs?.postMessage(e)
    } catch {
      // an answer that cannot be copied: the other tabs read it again on their next read
    }
  }
  deliver(e)
}

/** ops whose caller is waiting in submit() */
export const submitting = new Set<number>()

/** the op being sent right now in this tab (never coalesced away mid-send) */
export const inFlight = new Set<number>()
