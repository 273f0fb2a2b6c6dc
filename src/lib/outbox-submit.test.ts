// submit(), the outbox's send-now path, with a fake device (src/test/outbox-device.ts): sent with
// the server's answer when online, queued when the network is down, thrown when refused, and
// 'waiting' (not offline) while another send holds the queue.
import { describe, expect, it } from "vitest"
import { httpError, networkError, op, withOutboxDevice } from "@/test/outbox-device"
import { flushOutbox, pendingOps, registerOutboxHandler, submit } from "./outbox"

withOutboxDevice()

describe("outbox", () => {
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
