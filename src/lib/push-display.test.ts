// The service worker's handling of a push (push-display.ts), with a browser's notification list
// and Cache Storage played by plain objects: a job id is shown once, and a delivery that could
// not show it leaves the next one free to.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { displayPush, HANDLING_WAIT_MS, readPush, SEEN_CACHE, type PushWorld } from "./push-display"

interface Shown {
  title: string
  tag: string
  data: { id: string; url: string }
}

/** A registration whose notifications are a list, and a Cache Storage of string keys. */
function fakeWorld() {
  const shown: Shown[] = []
  let refuse: Error | null = null
  let hangNext = false
  let calls = 0
  const stores = new Map<string, Map<string, Response>>()
  const cache = (name: string) => {
    let c = stores.get(name)
    if (!c) stores.set(name, (c = new Map()))
    const store = c
    return {
      match: async (k: string) => store.get(k),
      put: async (k: string, r: Response) => void store.set(k, r),
      keys: async () => [...store.keys()],
      delete: async (k: string) => store.delete(k),
    }
  }
  const world = {
    registration: {
      getNotifications: async ({ tag }: { tag?: string } = {}) => shown.filter((n) => !tag || n.tag === tag),
      showNotification: async (title: string, o: { tag?: string; data: { id: string; url: string } }) => {
        calls += 1
        if (hangNext) {
          hangNext = false
          return new Promise(() => {}) // the browser's call never settles
        }
        // a turn of the event loop, as the browser's own call takes
        await new Promise((r) => setTimeout(r, 0))
        if (refuse) throw refuse
        const at = shown.findIndex((n) => o.tag && n.tag === o.tag)
        const n = { title, tag: o.tag ?? "", data: o.data }
        if (at === -1) shown.push(n)
        else shown[at] = n
      },
    },
    caches: { open: async (name: string) => cache(name) },
  } as unknown as PushWorld
  return {
    world,
    shown,
    calls: () => calls,
    refuse: (err: Error | null) => (refuse = err),
    hangNext: () => (hangNext = true),
    seen: () => [...(stores.get(SEEN_CACHE)?.keys() ?? [])],
  }
}

const push = (id: string, tag = `comment-${id}`) =>
  readPush({
    json: () => ({ id, tag, title: "Novo comentário", body: "Ana comentou", url: `/products/x#comment-${id}` }),
  })

describe("displayPush", () => {
  let w: ReturnType<typeof fakeWorld>
  beforeEach(() => {
    w = fakeWorld()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("shows a push once: a repeat is dropped while it is on screen and after it was closed", async () => {
    await displayPush(w.world, push("job1"))
    await displayPush(w.world, push("job1"))
    expect(w.shown.map((n) => n.data.id)).toEqual(["job1"])
    w.shown.splice(0) // tapped or dismissed
    await displayPush(w.world, push("job1"))
    expect(w.shown).toEqual([])
    expect(w.calls()).toBe(1)
  })

  it("a delivery whose notification could not be shown does not keep the next delivery of that job from showing it", async () => {
    w.refuse(new TypeError("No notification permission has been granted for this origin."))
    await expect(displayPush(w.world, push("job2"))).rejects.toThrow(TypeError)
    expect(w.seen()).toEqual([])
    w.refuse(null) // permission granted again
    await displayPush(w.world, push("job2"))
    expect(w.shown.map((n) => [n.title, n.data.id])).toEqual([["Novo comentário", "job2"]])
  })

  it("two deliveries of one job at the same time show it once, tag or not", async () => {
    await Promise.all([displayPush(w.world, push("job3", "")), displayPush(w.world, push("job3", ""))])
    expect(w.calls()).toBe(1)
    expect(w.shown.map((n) => n.data.id)).toEqual(["job3"])
  })

  it("a delivery whose browser call never settles holds a later delivery of that job back only for a while", async () => {
    vi.useFakeTimers()
    w.hangNext()
    void displayPush(w.world, push("job6")) // its waitUntil never ends
    let second = false
    const later = displayPush(w.world, push("job6")).then(() => (second = true))
    await vi.advanceTimersByTimeAsync(HANDLING_WAIT_MS - 100)
    expect(second).toBe(false) // still waiting for the first, as for a slow one
    await vi.advanceTimersByTimeAsync(200)
    await later
    expect(w.shown.map((n) => n.data.id)).toEqual(["job6"])
    expect(w.calls()).toBe(2)
  })

  it("another job shows, and a push without an id always shows", async () => {
    await displayPush(w.world, push("job4"))
    await displayPush(w.world, push("job5"))
    await displayPush(w.world, readPush({ json: () => ({ title: "Sem id" }) }))
    await displayPush(w.world, readPush({ json: () => ({ title: "Sem id" }) }))
    expect(w.shown.map((n) => n.title)).toEqual(["Novo comentário", "Novo comentário", "Sem id", "Sem id"])
    expect(w.shown[2]!.data.url).toBe("/notifications")
  })
})
