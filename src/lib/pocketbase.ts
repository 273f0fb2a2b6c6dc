// The one PocketBase client. Auth lives in localStorage (SDK LocalAuthStore, synced across tabs).
// Requests are never auto-cancelled: parallel identical reads are legitimate here.
import PocketBase, { ClientResponseError, type RecordModel } from "pocketbase"
import { env } from "@/config/env"

export const pb = new PocketBase(env.apiUrl)
pb.autoCancellation(false)

export { ClientResponseError }
export type { RecordModel }

/** True when a request failed because the network (not the server) failed. */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof ClientResponseError) return err.status === 0 && !err.isAbort
  return err instanceof TypeError
}

/** Public URL of a stored file, optionally a generated thumbnail (e.g. "640x480"). */
export function fileUrl(record: { collectionId: string; id: string }, filename: string, thumb?: string): string {
  if (!filename) return ""
  return pb.files.getURL(record as RecordModel, filename, thumb ? { thumb } : undefined)
}
