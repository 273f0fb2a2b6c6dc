import { describe, expect, it } from "vitest"
import { setFlushing, whenNotFlushing } from "./activity"

describe("activity", () => {
  it("a reload waits for the outbox flush to end", async () => {
    setFlushing(true)
    let done = false
    const waiting = whenNotFlushing().then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    setFlushing(false)
    await waiting
    expect(done).toBe(true)
    await expect(whenNotFlushing()).resolves.toBeUndefined()
  })
})
