import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { cachedRead } from "./cached-read"
import { clearPrivateCopies } from "./cached-read"
import { db, MAX_COPIES_BYTES } from "./db"
import { ClientResponseError, pb } from "./pocketbase"

/** As if `id` were signed in (only the record id matters to the saved copies). */
const signedIn = (id: string) => pb.authStore.save("token", { id, collectionId: "users", collectionName: "users" })

const networkDown = () => Promise.reject(new ClientResponseError({ status: 0, response: {} }))

/** What the saved copy of `key` holds. */
const savedData = async (key: string) => {
  const row = await db.listings.get(key)
  return row?.json === undefined ? undefined : (JSON.parse(row.json) as unknown)
}

beforeEach(async () => {
  await db.listings.clear()
  await db.meta.clear()
})
afterEach(() => {
  vi.useRealTimers()
  pb.authStore.clear()
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

  it("bounds the copies by size: the least recently used go first, pinned ones never", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const chunk = "x".repeat(Math.floor(MAX_COPIES_BYTES / 10)) // ten of these fill the bound
    let t = 1_700_000_000_000
    const at = () => vi.setSystemTime((t += 1000))
    at()
    await cachedRead("home", async () => chunk, { pinned: true })
    for (let i = 0; i < 12; i++) {
      at()
      await cachedRead(`product-${i}`, async () => chunk)
      if (i === 4) {
        at()
        await cachedRead("product-0", networkDown) // product-0 is used again offline: it stays
      }
    }
    const keys = (await db.listings.toCollection().primaryKeys()).sort()
    expect(keys).toContain("home")
    expect(keys).toContain("product-0")
    expect(keys).toContain("product-11")
    expect(keys).not.toContain("product-1")
    expect(keys).not.toContain("product-2")
    const sizes = (await db.listings.toArray()).reduce((sum, c) => sum + c.size, 0)
    expect(sizes).toBeLessThanOrEqual(MAX_COPIES_BYTES)
    expect((await db.meta.get("copiesBytes"))?.value).toBe(sizes)
  })

  it("a silent server: the saved copy shows after the wait, and the late answer is still saved", async () => {
    await cachedRead("home", async () => ["old"])
    let answer = (_: string[]) => {}
    const late = new Promise<string[]>((r) => (answer = r))
    const started = Date.now()
    const read = await cachedRead("home", () => late, { copyWaitMs: 50 })
    expect(read).toMatchObject({ data: ["old"], fromCache: true })
    expect(Date.now() - started).toBeLessThan(1000)
    answer(["new"])
    await expect.poll(() => savedData("home")).toEqual(["new"])
  })

  it("an answer that comes in time never reads the saved copy (IndexedDB is not asked)", async () => {
    await cachedRead("home", async () => ["old"])
    const get = vi.spyOn(db.listings, "get")
    try {
      expect(await cachedRead("home", async () => ["new"])).toMatchObject({ data: ["new"], fromCache: false })
      expect(get).not.toHaveBeenCalled()
    } finally {
      get.mockRestore()
    }
  })

  it("when the browser says it is offline, the saved copy is read while the request is still on its way", async () => {
    await cachedRead("home", async () => ["old"])
    vi.stubGlobal("navigator", { onLine: false })
    const get = vi.spyOn(db.listings, "get")
    try {
      let fail = () => {}
      const fetcher = vi.fn(() => new Promise<string[]>((_, reject) => (fail = () => void networkDown().catch(reject))))
      const read = cachedRead("home", fetcher)
      expect(fetcher).toHaveBeenCalledTimes(1) // the request still goes out
      // not after COPY_LOOKUP_MS (1 s), as for a request that is only late
      await vi.waitFor(() => expect(get).toHaveBeenCalledWith("home"), { timeout: 500 })
      fail()
      expect(await read).toMatchObject({ data: ["old"], fromCache: true })
      expect(get).toHaveBeenCalledTimes(1)
    } finally {
      get.mockRestore()
      vi.unstubAllGlobals()
    }
  })

  it("a copy saved by an earlier version (the data itself, not its JSON) still shows offline", async () => {
    await db.listings.put({
      key: "home",
      data: ["antiga"],
      savedAt: 1,
      size: 10,
      lastUsed: 1,
      owner: "",
      pinned: false,
    })
    expect(await cachedRead("home", networkDown)).toEqual({ data: ["antiga"], savedAt: 1, fromCache: true })
  })

  it("without a saved copy it waits for the server", async () => {
    const read = await cachedRead("slow", () => new Promise((r) => setTimeout(() => r("done"), 100)), {
      copyWaitMs: 10,
    })
    expect(read).toMatchObject({ data: "done", fromCache: false })
  })

  it("a user's private copies go when they sign out; public ones and other users' stay", async () => {
    await cachedRead("home", async () => 1)
    signedIn("ana")
    await cachedRead("votes-ana", async () => 2, { owner: "ana" })
    await cachedRead("pending-ana", async () => ({ status: "pending" }), { owner: () => "ana" })
    signedIn("bia")
    await cachedRead("votes-bia", async () => 3, { owner: "bia" })
    await clearPrivateCopies("ana")
    expect((await db.listings.toCollection().primaryKeys()).sort()).toEqual(["home", "votes-bia"])
  })

  it("a private read that answers after its user signed out is not saved (sign-out finds nothing coming back)", async () => {
    signedIn("ana")
    let answer: (v: number) => void = () => {}
    const read = cachedRead("notifications-ana", () => new Promise<number>((r) => (answer = r)), { owner: "ana" })
    pb.authStore.clear()
    await clearPrivateCopies("ana")
    answer(5)
    expect(await read).toMatchObject({ data: 5, fromCache: false }) // the page still gets its answer
    expect(await db.listings.toCollection().primaryKeys()).toEqual([])
  })

  it("copies that arrive together are written in one transaction, each counted once in the size bound", async () => {
    await cachedRead("product-a", async () => "old copy of a")
    signedIn("ana")
    const transaction = vi.spyOn(db, "transaction")
    try {
      const reads = await Promise.all([
        cachedRead("product-a", async () => "a, read again"),
        cachedRead("related-a", async () => ["b", "c"]),
        cachedRead("votes-ana", async () => ["a"], { owner: "ana" }),
        cachedRead("votes-bia", async () => ["z"], { owner: "bia" }), // not the signed-in user: not kept
      ])
      expect(reads.map((r) => r.fromCache)).toEqual([false, false, false, false])
      expect(transaction).toHaveBeenCalledTimes(1)
    } finally {
      transaction.mockRestore()
    }
    expect((await db.listings.toCollection().primaryKeys()).sort()).toEqual(["product-a", "related-a", "votes-ana"])
    expect(await savedData("product-a")).toBe("a, read again")
    const sizes = (await db.listings.toArray()).reduce((sum, c) => sum + c.size, 0)
    expect((await db.meta.get("copiesBytes"))?.value).toBe(sizes)
  })
})
