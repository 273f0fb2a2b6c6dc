// Local-first reads: every successful server read is saved to IndexedDB; when the network fails or
// stays silent the saved copy is returned instead (with its age), so pages seen before render
// offline and on lie-fi. A read with a saved copy waits at most COPY_WAIT_MS for the server (the
// answer, when it comes, is still saved for next time); without one it waits for the request's
// own limit (REQUEST_TIMEOUT_MS). The copy is looked up only once the server is late
// (COPY_LOOKUP_MS) or has failed, or at once when the browser says it is offline. The copies are
// bounded by size (MAX_COPIES_BYTES of JSON, least recently used out, the pinned ones never);
// private copies carry their user and go when that user signs out (clearPrivateCopies). IndexedDB
// (Dexie, ./db) is loaded on first use, not with the first page: data the server sent with the page
// (keepCopy) is shown at once and saved when the browser is idle.
import { afterFirstScreen } from "./after-load"
import type { CachedListing } from "./db"
import { isNetworkError, pb } from "./pocketbase"

const loadDb = () => import("./db")

export interface CachedResult<T> {
  data: T
  /** When this copy was fetched from the server (ms since epoch). */
  savedAt: number
  /** True when the server could not be reached (or did not answer in time) and this is the saved copy. */
  fromCache: boolean
}

export interface CachedReadOptions<T> {
  /** whose private data this is (e.g. the user's votes); "" or absent: anyone may see it */
  owner?: string | ((data: T) => string)
  /** never evicted for size (the first page of /home) */
  pinned?: boolean
  /** how long to wait for the server when a saved copy is at hand */
  copyWaitMs?: number
}

/** With a saved copy at hand, the server gets this long before the copy is shown. */
export const COPY_WAIT_MS = 4_000
/**
 * The saved copy is looked up only when the server has not answered in this long (or failed), or
 * at once when the browser says it is offline: an answer that comes in time never needs it, and
 * each lookup cost a phone's first screen a read of IndexedDB (the database opened, the copy's
 * whole JSON read back) per request.
 */
export const COPY_LOOKUP_MS = 1_000

const TIMED_OUT = Symbol("timed out")

export async function cachedRead<T>(
  key: string,
  fetcher: () => Promise<T>,
  opts: CachedReadOptions<T> = {},
): Promise<CachedResult<T>> {
  const started = Date.now()
  const copyWait = opts.copyWaitMs ?? COPY_WAIT_MS
  let copy: Promise<SavedCopy | undefined> | undefined
  const lookUp = () => (copy ??= readCopy(key))
  // the browser knows it is offline: the request is bound to fail, and the copy is read meanwhile
  if (typeof navigator !== "undefined" && navigator.onLine === false) void lookUp()
  const fresh = fetcher().then(async (data) => {
    const savedAt = Date.now()
    await saveCopy(key, data, savedAt, opts)
    return { data, savedAt }
  })
  let settled = false
  let lookupTimer: ReturnType<typeof setTimeout> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  // with a copy at hand, the server gets copyWait from the start of the read, then the copy shows
  const patience = new Promise<typeof TIMED_OUT>((resolve) => {
    const wait = () =>
      void lookUp().then((c) => {
        if (c && !settled) timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, started + copyWait - Date.now()))
      })
    lookupTimer = setTimeout(wait, Math.min(COPY_LOOKUP_MS, copyWait))
  })
  try {
    const first = await Promise.race([fresh, patience])
    if (first !== TIMED_OUT) return { ...first, fromCache: false }
    fresh.catch(() => undefined) // still saved when it arrives; nobody waits for it now
  } catch (err) {
    if (!isNetworkError(err)) throw err
  } finally {
    settled = true
    clearTimeout(lookupTimer)
    clearTimeout(timer)
  }
  const saved = await lookUp()
  if (!saved) return fresh.then((r) => ({ ...r, fromCache: false })) // rethrows the network error
  await touch(key)
  return { data: saved.data as T, savedAt: saved.savedAt, fromCache: true }
}

interface SavedCopy {
  data: unknown
  savedAt: number
}

/** The saved copy of `key`, if any (and IndexedDB can be read). */
async function readCopy(key: string): Promise<SavedCopy | undefined> {
  try {
    const { db } = await loadDb()
    const row = await db.listings.get(key)
    if (!row) return undefined
    // copies saved before the JSON text was kept hold the data itself
    return { data: row.json !== undefined ? (JSON.parse(row.json) as unknown) : row.data, savedAt: row.savedAt }
  } catch {
    return undefined
  }
}

/**
 * Data the server already sent (with the page): shown now, saved as the copy of `key` once the
 * first screen is in: the page loaded, its first covers arrived, the browser idle (IndexedDB and
 * its code are not needed for the first screen, and must not compete with its images).
 */
export function keepCopy<T>(key: string, data: T, opts: CachedReadOptions<T> = {}): CachedResult<T> {
  const savedAt = Date.now()
  afterFirstScreen(() => void saveCopy(key, data, savedAt, opts))
  return { data, savedAt, fromCache: false }
}

/** Marks a copy as just used (it moves to the back of the eviction line). */
async function touch(key: string) {
  try {
    const { db } = await loadDb()
    await db.listings.update(key, { lastUsed: Date.now() })
  } catch {
    /* a copy that cannot be touched is evicted a little early: harmless */
  }
}

/** A copy waiting to be written, and who waits for it. */
interface PendingCopy {
  row: CachedListing
  done: () => void
}
let pendingCopies: PendingCopy[] = []
let writingCopies = false

/**
 * Saves a copy; resolves once it is written (or could not be). Copies that arrive while others are
 * being written (or while IndexedDB is still opening) are written together, in one transaction:
 * a product page's first seconds save half a dozen (the page, its related products, the user's
 * votes, notifications...), and each transaction of its own cost the phone's main thread as much
 * as the write.
 */
function saveCopy<T>(key: string, data: T, savedAt: number, opts: CachedReadOptions<T>): Promise<void> {
  const owner = typeof opts.owner === "function" ? opts.owner(data) : (opts.owner ?? "")
  // kept as its JSON text, which the size bound measures anyway: IndexedDB copies one string much
  // faster than the object graph it stands for (a product page saves half a dozen copies)
  const json = JSON.stringify(data ?? null)
  const row: CachedListing = {
    key,
    json,
    savedAt,
    size: json.length,
    lastUsed: savedAt,
    owner,
    pinned: !!opts.pinned,
  }
  return new Promise<void>((done) => {
    pendingCopies.push({ row, done })
    if (!writingCopies) void writeCopies()
  })
}

async function writeCopies() {
  writingCopies = true
  try {
    // without IndexedDB (a private window, a broken database) the copies are simply not kept
    const lib = await loadDb().catch((err: unknown) => void console.warn(err))
    while (pendingCopies.length > 0) {
      const batch = pendingCopies
      pendingCopies = []
      try {
        if (lib)
          await writeBatch(
            lib,
            batch.map((p) => p.row),
          )
      } catch (err) {
        // A full quota must not break the online page; it is reported, not swallowed silently.
        lib?.reportStorageError(err)
      } finally {
        for (const p of batch) p.done()
      }
    }
  } finally {
    writingCopies = false
  }
}

async function writeBatch(lib: Awaited<ReturnType<typeof loadDb>>, rows: CachedListing[]) {
  const { db, COPIES_BYTES_KEY } = lib
  await db.transaction("rw", db.listings, db.meta, async () => {
    // a private read that answers after its user signed out (or another signed in) is not kept:
    // sign-out already removed that user's copies, and must not find one coming back. Checked in
    // the transaction, so it runs wholly before or after clearPrivateCopies' own.
    const me = pb.authStore.record?.id ?? ""
    const latest = new Map<string, CachedListing>()
    for (const row of rows) if (!row.owner || row.owner === me) latest.set(row.key, row) // the newest of a key wins
    if (latest.size === 0) return
    const keys = [...latest.keys()]
    const before = await db.listings.bulkGet(keys)
    await db.listings.bulkPut([...latest.values()])
    let total = (await db.meta.get(COPIES_BYTES_KEY))?.value ?? 0
    keys.forEach((key, i) => (total += (latest.get(key)?.size ?? 0) - (before[i]?.size ?? 0)))
    await db.meta.put({ key: COPIES_BYTES_KEY, value: await evict(lib, total, new Set(keys)) })
  })
}

/** Drops the least recently used copies (never those in `keep` nor pinned ones) until `total` fits. */
async function evict(lib: Awaited<ReturnType<typeof loadDb>>, total: number, keep: Set<string>): Promise<number> {
  const { db, MAX_COPIES_BYTES } = lib
  if (total <= MAX_COPIES_BYTES) return total
  const gone: string[] = []
  await db.listings
    .orderBy("lastUsed")
    .until(() => total <= MAX_COPIES_BYTES)
    .each((c) => {
      if (c.pinned || keep.has(c.key)) return
      gone.push(c.key)
      total -= c.size ?? 0
    })
  await db.listings.bulkDelete(gone)
  return total
}

/** Removes a user's private copies (their votes, notifications, own products, profile). */
export async function clearPrivateCopies(userId: string) {
  if (!userId) return
  const lib = await loadDb().catch(() => null)
  if (!lib) return
  const { db, COPIES_BYTES_KEY, reportStorageError } = lib
  try {
    await db.transaction("rw", db.listings, db.meta, async () => {
      const mine = await db.listings.where("owner").equals(userId).toArray()
      if (!mine.length) return
      await db.listings.bulkDelete(mine.map((c) => c.key))
      const freed = mine.reduce((sum, c) => sum + (c.size ?? 0), 0)
      const total = (await db.meta.get(COPIES_BYTES_KEY))?.value ?? 0
      await db.meta.put({ key: COPIES_BYTES_KEY, value: Math.max(0, total - freed) })
    })
  } catch (err) {
    reportStorageError(err)
  }
}
