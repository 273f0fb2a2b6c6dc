// The one Dexie (IndexedDB) database. Local-first from day one: listings fetched from the server
// are saved here and served from here when the network fails. Add a version, never edit one.
import Dexie, { liveQuery, type EntityTable } from "dexie"

export { liveQuery }

export interface CachedListing {
  /** Stable key of the query (route + its parameters). */
  key: string
  /** JSON-serialisable payload as the UI renders it. */
  data: unknown
  savedAt: number
}

/** A write waiting in the outbox (see outbox.ts). `v` versions the payload's shape. */
export interface OutboxOp {
  seq?: number
  /** the record id the server will store: the idempotency key */
  opId: string
  kind: string
  entityKey: string
  payload: unknown
  v: number
  userId: string
  attempts: number
  nextAttemptAt: number
  state: "pending" | "failed"
  lastError?: { status?: number; message: string }
  createdAt: number
}

export const STORAGE_KEYS = {
  dbName: "vitrine",
} as const

export const db = new Dexie(STORAGE_KEYS.dbName) as Dexie & {
  listings: EntityTable<CachedListing, "key">
  outbox: EntityTable<OutboxOp, "seq">
}

db.version(1).stores({
  listings: "key, savedAt",
})
// the outbox of offline writes (votes, comments)
db.version(2).stores({
  outbox: "++seq, userId, entityKey, state",
})

/** How many listings we keep; the oldest are evicted first. */
export const MAX_CACHED_LISTINGS = 30

export const STORAGE_FULL_MESSAGE =
  "Armazenamento do navegador cheio: libere espaço para guardar páginas e ações offline"

const isQuotaError = (err: unknown) =>
  err instanceof Error &&
  (err.name === "QuotaExceededError" || (err as { inner?: Error }).inner?.name === "QuotaExceededError")

type StorageListener = (message: string) => void
const storageListeners = new Set<StorageListener>()

/** Hears about failed writes to the offline store (a full quota above all). */
export function onStorageError(listener: StorageListener): () => void {
  storageListeners.add(listener)
  return () => storageListeners.delete(listener)
}

/** Reports a failed write to the offline store: logged, and told to the listeners (a toast). */
export function reportStorageError(err: unknown): string {
  const message = isQuotaError(err) ? STORAGE_FULL_MESSAGE : "Não foi possível salvar a cópia offline"
  console.warn(message, err)
  storageListeners.forEach((l) => l(message))
  return message
}

/** Asks the browser not to evict our data under storage pressure (granted silently or not). */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false
    return (await navigator.storage.persisted()) || (await navigator.storage.persist())
  } catch {
    return false
  }
}
