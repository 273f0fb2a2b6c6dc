import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { cachedRead } from "./cached-read"
import { db, MAX_CACHED_LISTINGS } from "./db"
import { ClientResponseError } from "./pocketbase"

const networkDown = () => Promise.reject(new ClientResponseError({ status: 0, response: {} }))

beforeEach(async () => {
  await db.listings.clear()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("cachedRead", () => {
  it("serves the saved copy, with its age, when the network fails", async () => {
    const online = await cachedRead("home", async () => ["a", "b"])
    expect(online).toMatchObject({ data: ["a", "b"], fromCache: false })

    const offline = await cachedRead("home", networkDown)
    expect(offline).toEqual({ data: ["a", "b"], savedAt: online.savedAt, fromCache: true })
  })

  it("fails when offline and nothing was saved for that view", async () => {
    await cachedRead("home?sort=top", async () => ["x"])
    await expect(cachedRead("home", networkDown)).rejects.toBeInstanceOf(ClientResponseError)
  })

  it("does not hide server errors behind the saved copy", async () => {
    await cachedRead("home", async () => ["a"])
    const forbidden = () => Promise.reject(new ClientResponseError({ status: 403, response: {} }))
    await expect(cachedRead("home", forbidden)).rejects.toMatchObject({ status: 403 })
  })

  it("keeps at most MAX_CACHED_LISTINGS copies, evicting the oldest", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    for (let i = 0; i <= MAX_CACHED_LISTINGS; i++) {
      vi.setSystemTime(1_700_000_000_000 + i * 1000) // a distinct savedAt per copy
      await cachedRead(`view-${i}`, async () => i)
    }
    expect(await db.listings.count()).toBe(MAX_CACHED_LISTINGS)
    expect(await db.listings.get("view-0")).toBeUndefined()
    expect(await db.listings.get(`view-${MAX_CACHED_LISTINGS}`)).toBeDefined()
  })
})
