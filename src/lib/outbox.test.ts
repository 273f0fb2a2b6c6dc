// The outbox's properties, with failures injected (fake-indexeddb, no network, a fake session):
// durable writes, idempotent replays, how each failure is classified and retried (backoff, capped
// odd failures), per-entity order, one bad write never blocking the rest, coalesced taps, the retry
// timer every tab keeps, and writes of a newer app version left alone. Sessions and authorship:
// outbox-session.test.ts; submit(): outbox-submit.test.ts. The fake device: src/test/outbox-device.ts.
import { describe, expect, it, vi } from "vitest"
import { fakeServer, httpError, networkError, op, withOutboxDevice } from "@/test/outbox-device"
import { db } from "./db"
import {
  backoffDelay,
  BACKOFF,
  classify,
  enqueue,
  flushOutbox,
  MAX_ODD_FAILURES,
  onOutboxEvent,
  pendingOps,
  registerOutboxHandler,
  retryNow,
  watchOutbox,
} from "./outbox"
import { ClientResponseError } from "./pocketbase"

withOutboxDevice()

/** A tap on product p1's vote button: a set-state write of u1. */
const tap = (voted: boolean) =>
  enqueue({
    kind: "test.write",
    entityKey: "vote:p1",
    payload: { voted },
    userId: "u1",
    opId: `t${voted}${Math.random()}`,
    coalesce: true,
  })

describe("outbox", () => {
  it("stores a write durably: it is still there after the database is closed and reopened", async () => {
    const stored = await op()
    db.close()
    await db.open()
    expect((await pendingOps("u1")).map((o) => o.opId)).toEqual([stored.opId])
  })

  it("replays with the record id: a lost answer then a retry stores the write once", async () => {
    const server = fakeServer()
    registerOutboxHandler("test.write", server.handler)
    server.failNext(httpError(502), true) // applied on the server, answer lost
    await op({ opId: "abc" })
    await flushOutbox("u1")
    expect(await pendingOps("u1")).toHaveLength(1)
    await retryNow("u1")
    expect(await pendingOps("u1")).toHaveLength(0)
    expect([...server.rows.keys()]).toEqual(["abc"])
  })

  it.each([
    [0, "retry"],
    [408, "retry"],
    [429, "retry"],
    [500, "retry"],
    [503, "retry"],
    [401, "auth"],
    [400, "fatal"],
    [403, "fatal"],
    [404, "fatal"],
  ] as const)("classifies status %i as %s", (status, expected) => {
    expect(classify(status === 0 ? networkError() : httpError(status))).toBe(expected)
  })

  it("classifies a failure that is no HTTP answer (a bug in a handler) as odd, not as the network", () => {
    expect(classify(new TypeError("Cannot read properties of undefined"))).toBe("odd")
    expect(classify(new Error("boom"))).toBe("odd")
  })

  it("a refused write is marked failed with the reason and does not block the next one", async () => {
    const server = fakeServer()
    registerOutboxHandler("test.write", server.handler)
    const failed: string[] = []
    const off = onOutboxEvent((e) => e.type === "failed" && failed.push(e.message))
    server.failNext(
      new ClientResponseError({
        status: 404,
        response: { message: "Produto não encontrado.", data: {} },
        url: "http://x",
      }),
    )
    await op({ opId: "bad" })
    await op({ opId: "good" })
    await flushOutbox("u1")
    off()
    expect([...server.rows.keys()]).toEqual(["good"])
    const left = await pendingOps("u1")
    expect(left.map((o) => [o.opId, o.state, o.lastError?.message])).toEqual([
      ["bad", "failed", "Produto não encontrado"],
    ])
    expect(failed).toEqual(["Produto não encontrado"])
  })

  it("keeps the order of writes to one entity: vote, unvote, vote ends voted", async () => {
    const sent: string[] = []
    let state = false
    registerOutboxHandler("test.write", async (payload) => {
      await new Promise((r) => setTimeout(r, Math.random() * 5))
      state = (payload as { voted: boolean }).voted
      sent.push(String(state))
    })
    for (const voted of [true, false, true])
      await op({ entityKey: "vote:p1", payload: { voted }, opId: `v${voted}${Math.random()}` })
    await flushOutbox("u1")
    expect(sent).toEqual(["true", "false", "true"])
    expect(state).toBe(true)
  })

  it("a write waiting to retry holds the later writes of its entity, not the others", async () => {
    const server = fakeServer()
    registerOutboxHandler("test.write", server.handler)
    server.failNext(httpError(503))
    await op({ entityKey: "vote:p1", opId: "first" })
    await op({ entityKey: "vote:p1", opId: "second" })
    await op({ entityKey: "vote:p2", opId: "other" })
    await flushOutbox("u1")
    expect([...server.rows.keys()]).toEqual(["other"])
    expect((await pendingOps("u1")).map((o) => o.opId)).toEqual(["first", "second"])
  })

  it("backs off exponentially with jitter, capped; a network failure stops the round", async () => {
    expect(backoffDelay(1, () => 1)).toBe(BACKOFF.baseMs)
    expect(backoffDelay(3, () => 1)).toBe(BACKOFF.baseMs * 4)
    expect(backoffDelay(3, () => 0)).toBe(BACKOFF.baseMs * 2)
    expect(backoffDelay(40, () => 1)).toBe(BACKOFF.maxMs)

    let calls = 0
    registerOutboxHandler("test.write", async () => {
      calls += 1
      throw networkError()
    })
    await op()
    await op()
    const t0 = 1_000_000
    await flushOutbox("u1", () => t0)
    expect(calls).toBe(1) // the second was not tried: the network is down
    const [first] = await pendingOps("u1")
    expect(first!.attempts).toBe(1)
    expect(first!.nextAttemptAt).toBeGreaterThanOrEqual(t0 + BACKOFF.baseMs / 2)
    expect(first!.nextAttemptAt).toBeLessThanOrEqual(t0 + BACKOFF.baseMs)
    // the next round probes with the other write (the first is not due yet), then both wait
    await flushOutbox("u1", () => t0 + 10)
    expect(calls).toBe(2)
    await flushOutbox("u1", () => t0 + 20)
    expect(calls).toBe(2)
    expect((await pendingOps("u1")).map((o) => o.attempts)).toEqual([1, 1])
  })
  it("the network back while a round under way fails for it: the writes go at once after that round", async () => {
    const server = fakeServer()
    let answerFirst = () => {}
    const firstAnswer = new Promise<void>((resolve) => (answerFirst = resolve))
    let calls = 0
    registerOutboxHandler("test.write", async (payload, o) => {
      calls += 1
      if (calls === 1) {
        await firstAnswer // sent a moment before the network came back: it fails
        throw networkError()
      }
      return server.handler(payload, o)
    })
    await op({ opId: "first" })
    await op({ opId: "second" })
    const round = flushOutbox("u1") // e.g. the retry timer's
    await vi.waitFor(() => expect(calls).toBe(1))
    const retry = retryNow("u1") // 'online'
    answerFirst() // the round under way stops: the network was down when it sent
    await Promise.all([round, retry])
    // both sent by the round the retry asked for, the first despite its backoff
    expect([...server.rows.keys()].sort()).toEqual(["first", "second"])
    expect(await pendingOps("u1")).toEqual([])
  })

  it("a failure that is no HTTP answer gets a capped number of tries, then shows as failed", async () => {
    let sends = 0
    registerOutboxHandler("test.write", async () => {
      sends += 1
      throw new TypeError("x is undefined")
    })
    await op()
    for (let i = 0; i < MAX_ODD_FAILURES + 5; i++) await retryNow("u1")
    expect(sends).toBe(MAX_ODD_FAILURES)
    const [left] = await pendingOps("u1")
    expect(left!.state).toBe("failed")
    expect(left!.lastError?.message).toBe("Erro inesperado ao enviar: x is undefined")
  })
  it("five taps on one vote offline leave one write: the last state", async () => {
    for (const voted of [true, false, true, false, true]) await tap(voted)
    const sent: unknown[] = []
    registerOutboxHandler("test.write", async (payload) => void sent.push(payload))
    await flushOutbox("u1")
    expect(sent).toEqual([{ voted: true }])
  })

  it("a tap while the vote before it is being sent still ends in one send of the last state", async () => {
    // offline: the first tap's send fails, and the second tap lands while it is on the wire (its
    // own enqueue may not replace a write being sent)
    let second: Promise<unknown> | null = null
    registerOutboxHandler("test.write", async () => {
      second ??= tap(false).then(() => tap(true))
      await second
      throw networkError()
    })
    await tap(false)
    await flushOutbox("u1", () => 0)
    expect((await pendingOps("u1")).map((o) => o.payload)).toEqual([{ voted: true }])

    // back online: one request, the last state
    const sent: unknown[] = []
    registerOutboxHandler("test.write", async (payload) => void sent.push(payload))
    await flushOutbox("u1", () => Date.now() + BACKOFF.maxMs * 2)
    expect(sent).toEqual([{ voted: true }])
    expect(await pendingOps("u1")).toHaveLength(0)
  })

  it("every tab keeps the retry timer: a watcher sends the write when it is due", async () => {
    const server = fakeServer()
    registerOutboxHandler("test.write", server.handler)
    server.failNext(httpError(503))
    await op({ opId: "later" })
    await flushOutbox("u1") // fails, backs off 0.5-1 s; the tab that did it is gone
    expect(server.rows.size).toBe(0)
    const stop = watchOutbox("u1") // another tab's watcher
    try {
      await expect.poll(() => server.rows.has("later"), { timeout: 5000 }).toBe(true)
    } finally {
      stop()
    }
  })
  it("leaves a write queued by a newer app version untouched", async () => {
    const server = fakeServer()
    registerOutboxHandler("test.write", server.handler)
    const future = await op({ opId: "futuro" })
    await db.outbox.update(future.seq!, { v: 99 })
    await flushOutbox("u1")
    expect(server.rows.size).toBe(0)
    expect(await pendingOps("u1")).toHaveLength(1)
  })
})
