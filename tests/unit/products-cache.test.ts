// The response cache (pb_hooks/lib/products-cache.js) on a stand-in for PocketBase's app store:
// which answers it keeps when keys share a slot. Its freshness rules are tested through the real
// server (tests/products-listing.test.ts, "fresh answers").
import { createHash } from "node:crypto"
import { beforeAll, describe, expect, it } from "vitest"
import { fakeStore, loadHookModule } from "./hook-modules"

type Entry = { k: string; b: string } | null
type Cache = {
  get: (app: object, scope: string, key: string) => Entry
  set: (app: object, scope: string, key: string, gen: number, at: number, body: string, etag: string, gz: null) => Entry
}

const md5 = (s: string) => createHash("md5").update(s).digest("hex")
const SLOTS = 1024
const firstSlot = (key: string) => parseInt(md5("list\u0002" + key).slice(0, 8), 16) % SLOTS

/** An app whose store() behaves like PocketBase's. */
function fakeApp() {
  const store = fakeStore()
  return { store: () => store }
}

let cache: Cache
beforeAll(() => {
  Object.assign(globalThis, { $os: { getenv: () => "" }, $security: { md5 } })
  cache = loadHookModule("products-cache.js") as Cache
})

describe("response cache slots", () => {
  it("keeps two answers whose keys share a slot (one no longer pushes the other out)", () => {
    // two listing keys with the same first slot, as a category page and a product's related
    // products had in npm run bench's mix
    const seen = new Map<number, string>()
    let pair: [string, string] | null = null
    for (let i = 0; pair === null; i++) {
      const key = `search:${i}`
      const other = seen.get(firstSlot(key))
      if (other !== undefined) pair = [other, key]
      else seen.set(firstSlot(key), key)
    }
    const app = fakeApp()
    const now = Date.now()
    for (const key of pair) cache.set(app, "list", key, 0, now, `body of ${key}`, `"${key}"`, null)
    for (const key of pair) expect(cache.get(app, "list", key)?.b).toBe(`body of ${key}`)
    // stored again (a refresh), each stays where it is and the other is still there
    cache.set(app, "list", pair[0], 0, now + 1, "fresh body", '"fresh"', null)
    expect(cache.get(app, "list", pair[0])?.b).toBe("fresh body")
    expect(cache.get(app, "list", pair[1])?.b).toBe(`body of ${pair[1]}`)
  })
})
