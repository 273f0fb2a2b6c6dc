// A person as every screen shows one (a product's maker, a comment's author, a notification's
// actor, a report's reporter and reviewer, the staff member of a log entry), mapped once from what
// the server sends: an expanded users record or the same fields built by a custom route. No I/O.
import { fileUrl } from "../pocketbase"
import type { Person } from "./types"

export type { Person }

/** The spec's fallback for someone whose name is unknown ('Alguém votou em seu produto'). */
export const SOMEONE = "Alguém"

/** The users fields a person is read from (an expanded record or a route's JSON object). */
export interface PersonRecord {
  id: string
  collectionId: string
  display_name?: unknown
  username?: unknown
  avatar?: unknown
}

/** the avatar size every list shows */
const AVATAR_THUMB = "96x96"

const text = (v: unknown) => (typeof v === "string" ? v : "")

/** The person of a users record; null when there is none (not expanded, or the account is gone). */
export function mapPerson(r: PersonRecord): Person
export function mapPerson(r: PersonRecord | null | undefined): Person | null
export function mapPerson(r: PersonRecord | null | undefined): Person | null {
  if (!r) return null
  return {
    id: r.id,
    displayName: text(r.display_name) || SOMEONE,
    username: text(r.username),
    avatarUrl: fileUrl(r, text(r.avatar), AVATAR_THUMB),
  }
}

/** Someone without a record: `displayName` only (SOMEONE unless told otherwise). */
export function namedOnly(displayName = SOMEONE): Person {
  return { id: "", displayName, username: "", avatarUrl: "" }
}
