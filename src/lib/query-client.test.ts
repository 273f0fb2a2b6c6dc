import { QueryClient, QueryObserver } from "@tanstack/react-query"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { REREAD_MAX_WAIT_MS, REREAD_QUIET_MS, rereadAfterWrite } from "./query-client"

describe("rereadAfterWrite", () => {
  let qc: QueryClient
  let reads: number
  let answers: Array<(v: number) => void>
  let unsubscribe: () => void
  const key = ["votes", "mine", "u1"]

  beforeEach(() => {
    vi.useFakeTimers()
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    reads = 0
    answers = []
    // an observer keeps the query active and reads it, as a mounted vote button does
    unsubscribe = new QueryObserver(qc, {
      queryKey: key,
      queryFn: () => {
        reads += 1
        return new Promise<number>((resolve) => answers.push(resolve))
      },
    }).subscribe(() => {})
  })
  afterEach(() => {
    unsubscribe()
    vi.useRealTimers()
    qc.clear()
  })

  it("cancels a read in flight at once, and reads once after a burst of writes", async () => {
    expect(reads).toBe(1)
    for (let i = 0; i < 20; i++) {
      rereadAfterWrite(qc, key)
      await vi.advanceTimersByTimeAsync(40) // the next write of the burst
    }
    answers[0]!(1) // the read from before the writes answers late: it was cancelled
    expect(qc.getQueryData(key)).toBeUndefined()
    expect(reads).toBe(1)
    await vi.advanceTimersByTimeAsync(REREAD_QUIET_MS)
    expect(reads).toBe(2)
    answers[1]!(21)
    await vi.advanceTimersByTimeAsync(0)
    expect(qc.getQueryData(key)).toBe(21)
  })

  it("a burst that does not end is read back at least every REREAD_MAX_WAIT_MS", async () => {
    for (let t = 0; t <= REREAD_MAX_WAIT_MS; t += 50) {
      rereadAfterWrite(qc, key)
      await vi.advanceTimersByTimeAsync(50)
    }
    expect(reads).toBe(2)
  })
})
