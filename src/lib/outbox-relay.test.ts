// News of a sent write reaches the app's other tabs (a BroadcastChannel stands for another tab):
// whichever tab sent it, the one where it was made updates its caches. Failures stay with the tab
// that sent (it reports them once).
import { afterAll, afterEach, describe, expect, it } from "vitest"
import type { OutboxOp } from "./db"
import { emitOutboxEvent, onOutboxEvent, type OutboxEvent } from "./outbox-registry"

const op = { seq: 7, kind: "vote.set", userId: "u1", payload: { productId: "p1", voted: true } } as unknown as OutboxOp
const otherTab = new BroadcastChannel("vitrine-outbox-sent")
afterEach(() => (otherTab.onmessage = null))
afterAll(() => otherTab.close())

/** The next message the other tab hears (null if none came within `ms`: a hung test says so). */
const nextMessage = (ms = 5000) =>
  new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms)
    otherTab.onmessage = (m) => {
      clearTimeout(timer)
      resolve(m.data)
    }
  })

describe("outbox news across tabs", () => {
  it("a write this tab sent is news in the other tabs, with the server's answer", async () => {
    const heard = nextMessage()
    emitOutboxEvent({ type: "sent", op, result: { voted: true, vote_count: 3 } })
    expect(await heard).toEqual({ type: "sent", op, result: { voted: true, vote_count: 3 } })
  })

  it("a write another tab sent reaches this tab's listeners", async () => {
    const here = new Promise<OutboxEvent>((resolve) => {
      const off = onOutboxEvent((e) => {
        off()
        resolve(e)
      })
    })
    otherTab.postMessage({ type: "sent", op, result: { voted: true, vote_count: 4 } })
    expect(await here).toEqual({ type: "sent", op, result: { voted: true, vote_count: 4 } })
  })

  it("a failure stays in the tab that sent: the other tabs hear only the next write sent", async () => {
    const heard = nextMessage()
    emitOutboxEvent({ type: "failed", op, message: "Este produto não está publicado", immediate: false })
    emitOutboxEvent({ type: "session-refused", userId: "u1" })
    emitOutboxEvent({ type: "sent", op: { ...op, seq: 8 }, result: null })
    expect(await heard).toEqual({ type: "sent", op: { ...op, seq: 8 }, result: null })
  })
})
