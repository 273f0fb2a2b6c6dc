// The fake device the outbox tests (src/lib/outbox*.test.ts) run on: who is signed in and what a
// session refresh answers, HTTP and network failures as PocketBase's client throws them, a fake
// server that stores records by client id, and op() to queue a test write. withOutboxDevice()
// clears the queue and signs "u1" in before each test, and restores the session after.
import { afterEach, beforeEach } from "vitest"
import { db } from "@/lib/db"
import { enqueue, registerOutboxHandler, setOutboxSession } from "@/lib/outbox"
import { ClientResponseError } from "@/lib/pocketbase"
import type { RefreshResult } from "@/lib/session"

/** Who is signed in on the fake device, and what a refresh answers. */
export const device = {
  user: "u1" as string | null,
  token: "tok-u1",
  refresh: "ok" as RefreshResult,
  refreshes: 0,
  signIn(user: string | null) {
    this.user = user
    this.token = user ? `tok-${user}` : ""
  },
}
let restoreSession = () => {}

export const httpError = (status: number) =>
  new ClientResponseError({ status, response: { message: `erro ${status}`, data: {} }, url: "http://x" })
export const networkError = () => new ClientResponseError({ status: 0, response: {}, url: "http://x", isAbort: false })

/** A fake server: stores records by id, like PocketBase with client ids (a repeat changes nothing). */
export function fakeServer() {
  const rows = new Map<string, unknown>()
  const failures: Array<() => never> = []
  return {
    rows,
    /** the next sends fail like this (after applying the write when `applied`) */
    failNext(err: unknown, applied = false) {
      failures.push(() => {
        throw Object.assign(err as object, { applied })
      })
    },
    handler: async (payload: unknown, op: { opId: string }) => {
      const fail = failures.shift()
      if (fail) {
        try {
          fail()
        } catch (err) {
          if ((err as { applied?: boolean }).applied) rows.set(op.opId, payload) // answer lost
          throw err
        }
      }
      if (!rows.has(op.opId)) rows.set(op.opId, payload)
      return { ok: true }
    },
  }
}

/** How many writes op() queued so far (a live binding). */
export let seq = 0
export const op = (over: Partial<Parameters<typeof enqueue>[0]> = {}) =>
  enqueue({ kind: "test.write", entityKey: `e${++seq}`, payload: { n: seq }, userId: "u1", opId: `op${seq}`, ...over })

/** Registers the per-test reset: an empty queue, "u1" signed in, refreshes answering "ok". */
export function withOutboxDevice() {
  beforeEach(async () => {
    await db.outbox.clear()
    device.signIn("u1")
    device.refresh = "ok"
    device.refreshes = 0
    restoreSession = setOutboxSession({
      current: () => (device.user ? { userId: device.user, token: device.token } : null),
      refresh: async () => {
        device.refreshes += 1
        if (device.refresh === "ok" && device.user) device.token = `${device.token}+`
        if (device.refresh === "dead") device.signIn(null)
        return device.refresh
      },
    })
  })
  afterEach(() => {
    restoreSession()
    registerOutboxHandler("test.write", async () => undefined)
  })
}
