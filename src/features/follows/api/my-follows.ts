// The makers the signed-in user follows (maker id -> follow id), read through the collections API
// (the rules show a user their own follows) once per session and kept in step by every follow
// sent. Saved to IndexedDB as the user's private copy: offline the buttons show what the server
// last said (plus the queued follows, see follow-button.tsx); it goes when the user signs out.
import { fetchMarks, marksQueryOptions, type MarkMap } from "@/lib/user-toggles"
import { followKeys } from "./keys"

export type MyFollows = MarkMap

export const fetchMyFollows = (userId: string): Promise<MyFollows> => fetchMarks("follows", "follower", "maker", userId)

export const myFollowsQueryOptions = (userId: string) =>
  marksQueryOptions(followKeys.mine(userId), userId, () => fetchMyFollows(userId))
