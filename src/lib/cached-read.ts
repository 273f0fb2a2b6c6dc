// Local-first reads: every successful server read is saved to IndexedDB; when the network fails or
// stays silent the saved copy is returned instead (with its age), so pages seen before render
// offline and on lie-fi. A read with a saved copy waits at most COPY_WAIT_MS for the server (the
// answer, when it comes, is still saved for next time); without one it waits for the request's
// own limit (REQUEST_TIMEOUT_MS). The copies are bounded by size (MAX_COPIES_BYTES of JSON, least
// recently used out, the pinned ones never); private copies carry their user and go when that
// user signs out (clearPrivateCopies). IndexedDB (Dexie, ./db) is loaded on first use, not with
// the first page: data the server sent with the page (keepCopy) is shown at once and saved when
// the browser is idle.
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

const TIMED_OUT = Symbol("timed out")

export async function cachedRead<T>(
  key: string,
  fetcher: () => Promise<T>,
  opts: CachedReadOptions<T> = {},
): Promise<CachedResult<T>> {
  const copy = loadDb()
    .then(({ db }) => db.listings.get(key))
    .catch(() => undefined)
  const fresh = fetcher().then(async (data) => {
    const savedAt = Date.now()
    await saveCopy(key, data, savedAt, opts)
    return { data, savedAt }
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  const patience = copy.then(
    (c) =>
      new Promise<typeof TIMED_OUT>((resolve) => {
        if (c) timer = setTimeout(() => resolve(TIMED_OUT), opts.copyWaitMs ?? COPY_WAIT_MS)
      }),
  )
  try {
    const first = await Promise.race([fresh, patience])
    if (first !== TIMED_OUT) return { ...first, fromCache: false }
    fresh.catch(() => undefined) // still saved when it arrives; nobody waits for it now
  } catch (err) {
    if (!isNetworkError(err)) throw err
  } finally {
    clearTimeout(timer)
  }
  const saved = await copy
  if (!saved) return fresh.then((r) => ({ ...r, fromCache: false })) // rethrows the network error
  await touch(key)
  return { data: saved.data as T, savedAt: saved.savedAt, fromCache: true }
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
  const row: CachedListing = {
    key,
    data,
    savedAt,
    size: JSON.stringify(data ?? null).length,
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
