// The one Dexie (IndexedDB) database. Local-first from day one: listings fetched from the server
// are saved here and served from here when the network fails. Add a version, never edit one.
import Dexie, { liveQuery, type EntityTable } from "dexie"

export { liveQuery }

export interface CachedListing {
  /** Stable key of the query (route + its parameters). */
  key: string
  /** the payload as the UI renders it, as JSON text (copies saved by earlier versions hold `data` instead) */
  json?: string
  /** the payload itself: copies saved before the JSON text was kept */
  data?: unknown
  savedAt: number
  /** length of `data` as JSON: what the size bound counts */
  size: number
  /** last time the copy was saved or shown: the least recently used go first */
  lastUsed: number
  /** the user whose private data this is ("" for what anyone may see) */
  owner: string
  /** never evicted (the first page of /home) */
  pinned: boolean
}

/** A product form's draft (submit or edit), kept while the user types. */
export interface ProductDraft {
  /** `${userId}:${productId or "new"}` */
  key: string
  userId: string
  values: Record<string, unknown>
  /** chosen pictures: stored ones by name, new ones as blobs */
  images: Array<{ kind: "existing"; name: string } | { kind: "new"; name: string; type: string; blob: Blob }>
  /** stored pictures marked for removal (edit) */
  removed: string[]
  savedAt: number
}

/** A write waiting in the outbox (see outbox.ts). `v` versions the payload's shape. */
export interface OutboxOp {
  seq?: number
  /** the record id the server will store: the idempotency key */
  opId: string
  kind: string
  /** what it is, for the pending list ('Voto em X') */
  label?: string
  /** where it shows (a site path), for the pending list */
  href?: string
  entityKey: string
  payload: unknown
  /** a set-state write (a vote, a follow): a newer one of the same entity replaces it */
  coalesce?: boolean
  v: number
  userId: string
  attempts: number
  /** failures that were not HTTP answers (a bug, not the network): capped */
  oddFailures?: number
  nextAttemptAt: number
  state: "pending" | "failed"
  lastError?: { status?: number; message: string }
  createdAt: number
}

/** How much JSON the saved copies may hold in all; the least recently used are evicted first. */
export const MAX_COPIES_BYTES = 10 * 1024 * 1024
/** the `meta` row holding the saved copies' total size */
export const COPIES_BYTES_KEY = "copiesBytes"

export const STORAGE_KEYS = {
  dbName: "vitrine",
} as const

export const db = new Dexie(STORAGE_KEYS.dbName) as Dexie & {
  listings: EntityTable<CachedListing, "key">
  outbox: EntityTable<OutboxOp, "seq">
  meta: EntityTable<{ key: string; value: number }, "key">
  drafts: EntityTable<ProductDraft, "key">
}

db.version(1).stores({
  listings: "key, savedAt",
})
// the outbox of offline writes (votes, comments)
db.version(2).stores({
  outbox: "++seq, userId, entityKey, state",
})

// saved copies bounded by size (least recently used out, private copies tagged with their user),
// a running total of their size, and product form drafts
db.version(3)
  .stores({
    listings: "key, savedAt, lastUsed, owner",
    meta: "key",
    drafts: "key, userId",
  })
  .upgrade(async (tx) => {
    let total = 0
    await tx
      .table("listings")
      .toCollection()
      .modify((row: CachedListing) => {
        row.size = JSON.stringify(row.data ?? null).length
        row.lastUsed = row.savedAt
        row.owner = ""
        row.pinned = false
        total += row.size
      })
    await tx.table("meta").put({ key: COPIES_BYTES_KEY, value: total })
  })

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
