// The server's SQLite connections (pb_hooks/lib/db-pool.js): a fixed set, all opened at start,
// that a burst of requests does not grow, reading the database file through read() calls, or
// through a memory map when VITRINE_SQLITE_MMAP_MB asks for one (what each costs on a site taking
// writes: see db-pool.js). Seen from outside, as the operating system sees the process: its open
// files and its memory mappings (Linux /proc).
import { readdirSync, readFileSync, readlinkSync } from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startBackend, type TestBackend } from "./helpers/pocketbase"

// lib/db-pool.js POOL_SIZE, plus PocketBase's one write connection
const CONNECTIONS = 64 + 1

let b: TestBackend
let pid: number
let dbFile: string

/** How many times the process has its database file open: one per SQLite connection. */
const openConnections = () =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === dbFile
    } catch {
      return false // closed meanwhile
    }
  }).length

/** How many memory maps of the database file the process `of` (this suite's server) holds. */
const mappings = (of = pid, file = dbFile) =>
  readFileSync(`/proc/${of}/maps`, "utf8")
    .split("\n")
    .filter((line) => line.endsWith(` ${file}`)).length

beforeAll(async () => {
  b = await startBackend()
  pid = b.server.child.pid!
  dbFile = path.join(b.server.dataDir, "data.db")
})
afterAll(async () => {
  await b?.stop()
})

describe.skipIf(process.platform !== "linux")("SQLite connections", () => {
  it("are all open before the first request and stay that many under 100 requests at once", async () => {
    expect(openConnections()).toBe(CONNECTIONS)
    // reads PocketBase answers from SQL (its collection API), 100 at a time
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => fetch(`${b.url}/api/collections/categories/records?perPage=5`)),
    )
    expect(answers.every((r) => r.status === 200)).toBe(true)
    expect(openConnections()).toBe(CONNECTIONS)
  })

  it("read the database file without a memory map by default, and through one when asked", async () => {
    await Promise.all(Array.from({ length: 20 }, () => fetch(`${b.url}/api/collections/categories/records`)))
    expect(mappings()).toBe(0)
    const mapped = await startBackend({ VITRINE_SQLITE_MMAP_MB: "64" })
    try {
      await Promise.all(Array.from({ length: 20 }, () => fetch(`${mapped.url}/api/collections/categories/records`)))
      expect(mappings(mapped.server.child.pid!, path.join(mapped.server.dataDir, "data.db"))).toBeGreaterThan(0)
    } finally {
      await mapped.stop()
    }
  })
})
