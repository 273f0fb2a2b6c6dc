import { afterEach, describe, expect, it, vi } from "vitest"
import { pb } from "./pocketbase"

afterEach(() => {
  vi.unstubAllGlobals()
})

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

describe("the API client", () => {
  it("starts each request in a task of its own, not in the one that asked for it", async () => {
    // a page's first commit asks for half a dozen requests from its effects: each fetch() (not
    // free on a phone) must not lengthen that one task
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }))
    vi.stubGlobal("fetch", fetchSpy)
    const answers = [pb.send("/api/health", {}), pb.send("/api/health", {})]
    for (let i = 0; i < 20; i++) await Promise.resolve() // the asking task's microtasks
    expect(fetchSpy).not.toHaveBeenCalled()
    await nextTask()
    await nextTask()
    expect(fetchSpy).toHaveBeenCalledTimes(2)
    await expect(Promise.all(answers)).resolves.toEqual([{ ok: true }, { ok: true }])
  })

  it("starts a keepalive request within the task that asked for it (a click that opens a site)", async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }))
    vi.stubGlobal("fetch", fetchSpy)
    const answer = pb.send("/api/health", { method: "POST", keepalive: true })
    for (let i = 0; i < 20; i++) await Promise.resolve()
    expect(fetchSpy).toHaveBeenCalledTimes(1)
    await expect(answer).resolves.toEqual({ ok: true })
  })
})
