// The outbox's properties, with failures injected (fake-indexeddb, no network).
import { ClientResponseError } from "./pocketbase"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { db } from "./db"
import {
  backoffDelay,
  BACKOFF,
  classify,
  enqueue,
  flushOutbox,
  onOutboxEvent,
  pendingOps,
  registerOutboxHandler,
  retryNow,
  stopOutboxTimer,
  submit,
} from "./outbox"

const httpError = (status: number) =>
  new ClientResponseError({ status, response: { message: `erro ${status}`, data: {} }, url: "http://x" })
const networkError = () => new ClientResponseError({ status: 0, response: {}, url: "http://x", isAbort: false })

/** A fake server: stores records by id, like PocketBase with client ids (a repeat changes nothing). */
function fakeServer() {
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

let seq = 0
const op = (over: Partial<Parameters<typeof enqueue>[0]> = {}) =>
  enqueue({ kind: "test.write", entityKey: `e${++seq}`, payload: { n: seq }, userId: "u1", opId: `op${seq}`, ...over })

beforeEach(async () => {
  await db.outbox.clear()
})
afterEach(() => {
  stopOutboxTimer()
  registerOutboxHandler("test.write", async () => undefined)
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

  it("401 keeps the writes for after the next sign-in", async () => {
    registerOutboxHandler("test.write", async () => {
      throw httpError(401)
    })
    await op()
    await op()
    await flushOutbox("u1")
    expect((await pendingOps("u1")).map((o) => [o.state, o.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ])
  })

  it("belongs to its user: another user's flush never sends it", async () => {
    const server = fakeServer()
    registerOutboxHandler("test.write", server.handler)
    await op({ userId: "ana", opId: "da-ana" })
    await flushOutbox("bruno")
    expect(server.rows.size).toBe(0)
    await flushOutbox("ana")
    expect([...server.rows.keys()]).toEqual(["da-ana"])
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

  it("submit: sent with the answer when online, queued when the network is down, thrown when refused", async () => {
    registerOutboxHandler("test.write", async () => ({ vote_count: 3 }))
    await expect(
      submit({ kind: "test.write", entityKey: "a", payload: {}, userId: "u1", opId: "s1" }),
    ).resolves.toEqual({ status: "sent", result: { vote_count: 3 } })
    registerOutboxHandler("test.write", async () => {
      throw networkError()
    })
    await expect(
      submit({ kind: "test.write", entityKey: "b", payload: {}, userId: "u1", opId: "s2" }),
    ).resolves.toEqual({ status: "queued" })
    expect((await pendingOps("u1")).map((o) => o.opId)).toEqual(["s2"])
    registerOutboxHandler("test.write", async () => {
      throw httpError(400)
    })
    await expect(submit({ kind: "test.write", entityKey: "c", payload: {}, userId: "u1", opId: "s3" })).rejects.toThrow(
      "erro 400",
    )
    expect((await pendingOps("u1")).map((o) => o.opId)).toEqual(["s2"])
  })
})
