// The one Dexie (IndexedDB) database. Local-first from day one: listings fetched from the server
// are saved here and served from here when the network fails. Add a version, never edit one.
import Dexie, { type EntityTable } from "dexie"

export interface CachedListing {
  /** Stable key of the query (route + its parameters). */
  key: string
  /** JSON-serialisable payload as the UI renders it. */
  data: unknown
  savedAt: number
}

export const STORAGE_KEYS = {
  dbName: "vitrine",
} as const

export const db = new Dexie(STORAGE_KEYS.dbName) as Dexie & {
  listings: EntityTable<CachedListing, "key">
}

db.version(1).stores({
  listings: "key, savedAt",
})

/** How many listings we keep; the oldest are evicted first. */
export const MAX_CACHED_LISTINGS = 30
