// The outbox and the session, with a fake device (src/test/outbox-device.ts): a 401 refreshes the
// session once and sends again with the new token, a dead session or a refused new token stops at
// once without loops and keeps every write, and a write is only ever sent as its author (a user
// switch mid-flush stops it; another user's flush never sends it).
import { describe, expect, it } from "vitest"
import { device, fakeServer, httpError, op, seq, withOutboxDevice } from "@/test/outbox-device"
import { flushOutbox, onOutboxEvent, pendingOps, registerOutboxHandler, retryNow } from "./outbox"

withOutboxDevice()

describe("outbox", () => {
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
})
