// The outbox's properties, with failures injected (fake-indexeddb, no network, a fake session).
import { ClientResponseError } from "./pocketbase"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
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
  setOutboxSession,
  submit,
  watchOutbox,
} from "./outbox"
import type { RefreshResult } from "./session"

/** Who is signed in on the fake device, and what a refresh answers. */
const device = {
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

  it("401: one refresh, then the same write again with the new token", async () => {
    const tokens: string[] = []
    registerOutboxHandler("test.write", async (_p, _op, ctx) => {
      tokens.push(ctx.token)
      if (tokens.length === 1) throw httpError(401)
      return { ok: true }
    })
    await op()
    await flushOutbox("u1")
    expect(tokens).toEqual(["tok-u1", "tok-u1+"])
    expect(device.refreshes).toBe(1)
    expect(await pendingOps("u1")).toHaveLength(0)
  })

  it("401 and a dead session: stops at once, keeps every write, never loops", async () => {
    let sends = 0
    registerOutboxHandler("test.write", async () => {
      sends += 1
      throw httpError(401)
    })
    device.refresh = "dead"
    await op()
    await op()
    for (let i = 0; i < 20; i++) await retryNow("u1") // online, focus, reconnects...
    expect(sends).toBe(1)
    expect(device.refreshes).toBe(1)
    expect((await pendingOps("u1")).map((o) => [o.state, o.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ])
    // the same person signs in again: everything goes, in order
    const sent: string[] = []
    registerOutboxHandler("test.write", async (_p, o, ctx) => void sent.push(`${o.opId}:${ctx.token}`))
    device.signIn("u1")
    await retryNow("u1")
    expect(sent).toEqual([`op${seq - 1}:tok-u1`, `op${seq}:tok-u1`])
  })

  it("401 again after a good refresh: that token is never used again (no loop)", async () => {
    let sends = 0
    registerOutboxHandler("test.write", async () => {
      sends += 1
      throw httpError(401)
    })
    const refused: string[] = []
    const off = onOutboxEvent((e) => e.type === "session-refused" && refused.push(e.userId))
    await op()
    for (let i = 0; i < 10; i++) await retryNow("u1")
    off()
    expect(sends).toBe(2) // before and after the one refresh
    expect(refused).toEqual(["u1"])
    expect(await pendingOps("u1")).toHaveLength(1)
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

  it("is only ever sent as its author: a user switch mid-flush stops it; the author's sign-in sends the rest", async () => {
    const sent: Array<[string, string]> = []
    let gate = () => {}
    registerOutboxHandler("test.write", async (_p, o, ctx) => {
      sent.push([o.opId, ctx.token])
      if (sent.length === 1) {
        // while the first one is on the wire, A signs out and B signs in on this device
        await new Promise<void>((r) => (gate = r))
      }
    })
    await op({ userId: "ana", opId: "a1", entityKey: "vote:1" })
    await op({ userId: "ana", opId: "a2", entityKey: "vote:2" })
    await op({ userId: "ana", opId: "a3", entityKey: "vote:3" })
    device.signIn("ana")
    const flushing = flushOutbox("ana")
    await expect.poll(() => sent.length).toBe(1)
    device.signIn("bruno")
    gate()
    await flushing
    expect(sent).toEqual([["a1", "tok-ana"]])
    await flushOutbox("bruno")
    await flushOutbox("ana") // an old trigger of A's, with B signed in
    expect(sent).toHaveLength(1)
    expect((await pendingOps("ana")).map((o) => o.opId)).toEqual(["a2", "a3"])

    device.signIn("ana")
    await retryNow("ana")
    expect(sent).toEqual([
      ["a1", "tok-ana"],
      ["a2", "tok-ana"],
      ["a3", "tok-ana"],
    ])
  })

  it("five taps on one vote offline leave one write: the last state", async () => {
    for (const voted of [true, false, true, false, true])
      await enqueue({
        kind: "test.write",
        entityKey: "vote:p1",
        payload: { voted },
        userId: "u1",
        opId: `t${voted}${Math.random()}`,
        coalesce: true,
      })
    const sent: unknown[] = []
    registerOutboxHandler("test.write", async (payload) => void sent.push(payload))
    await flushOutbox("u1")
    expect(sent).toEqual([{ voted: true }])
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

  it("belongs to its user: another user's flush never sends it", async () => {
    const server = fakeServer()
    registerOutboxHandler("test.write", server.handler)
    await op({ userId: "ana", opId: "da-ana" })
    device.signIn("bruno")
    await flushOutbox("bruno")
    expect(server.rows.size).toBe(0)
    device.signIn("ana")
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

  it("submit: sent with the answer when online, offline when the network is down, thrown when refused", async () => {
    registerOutboxHandler("test.write", async () => ({ vote_count: 3 }))
    await expect(
      submit({ kind: "test.write", entityKey: "a", payload: {}, userId: "u1", opId: "s1" }),
    ).resolves.toEqual({ status: "sent", result: { vote_count: 3 } })
    registerOutboxHandler("test.write", async () => {
      throw networkError()
    })
    await expect(
      submit({ kind: "test.write", entityKey: "b", payload: {}, userId: "u1", opId: "s2" }),
    ).resolves.toEqual({ status: "offline" })
    expect((await pendingOps("u1")).map((o) => o.opId)).toEqual(["s2"])
    registerOutboxHandler("test.write", async () => {
      throw httpError(400)
    })
    await expect(submit({ kind: "test.write", entityKey: "c", payload: {}, userId: "u1", opId: "s3" })).rejects.toThrow(
      "erro 400",
    )
    expect((await pendingOps("u1")).map((o) => o.opId)).toEqual(["s2"])
  })

  it("submit while another send is under way: waits for it, then sends; 'waiting' (not offline) if it lasts", async () => {
    let release = () => {}
    const sent: string[] = []
    registerOutboxHandler("test.write", async (_p, o) => {
      if (o.opId === "slow") await new Promise<void>((r) => (release = r))
      sent.push(o.opId)
      return { ok: o.opId }
    })
    await op({ opId: "slow" })
    const other = flushOutbox("u1") // another flush holds the sending
    await expect(
      submit({ kind: "test.write", entityKey: "q", payload: {}, userId: "u1", opId: "quick" }, 50),
    ).resolves.toEqual({ status: "waiting" })
    release()
    await other
    await expect(
      submit({ kind: "test.write", entityKey: "r", payload: {}, userId: "u1", opId: "next" }),
    ).resolves.toEqual({ status: "sent", result: { ok: "next" } })
    expect(sent.slice(0, 1)).toEqual(["slow"])
  })
})
