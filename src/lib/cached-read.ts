// Local-first reads: every successful server read is saved to IndexedDB; when the network fails
// the saved copy is returned instead (with its age), so pages seen before render offline.
import { db, MAX_CACHED_LISTINGS, reportStorageError } from "./db"
import { isNetworkError } from "./pocketbase"

export interface CachedResult<T> {
  data: T
  /** When this copy was fetched from the server (ms since epoch). */
  savedAt: number
  /** True when the server could not be reached and this is the saved copy. */
  fromCache: boolean
}

export async function cachedRead<T>(key: string, fetcher: () => Promise<T>): Promise<CachedResult<T>> {
  try {
    const data = await fetcher()
    const savedAt = Date.now()
    await saveCopy(key, data, savedAt)
    return { data, savedAt, fromCache: false }
  } catch (err) {
    if (!isNetworkError(err)) throw err
    const copy = await db.listings.get(key)
    if (!copy) throw err
    return { data: copy.data as T, savedAt: copy.savedAt, fromCache: true }
  }
}

async function saveCopy(key: string, data: unknown, savedAt: number) {
  try {
    await db.transaction("rw", db.listings, async () => {
      await db.listings.put({ key, data, savedAt })
      const count = await db.listings.count()
      if (count > MAX_CACHED_LISTINGS) {
        const oldest = await db.listings
          .orderBy("savedAt")
          .limit(count - MAX_CACHED_LISTINGS)
          .primaryKeys()
        await db.listings.bulkDelete(oldest)
      }
    })
  } catch (err) {
    // A full quota must not break the online page; it is reported, not swallowed silently.
    reportStorageError(err)
  }
}
