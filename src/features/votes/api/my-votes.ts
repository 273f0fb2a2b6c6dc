// The signed-in user's votes (product id -> vote id), read once per session and kept in step by
// every vote sent. Saved to IndexedDB, so offline the buttons show what the server last said
// (plus the queued votes, see vote-button.tsx).
import { fetchMarks, marksQueryOptions, type MarkMap } from "@/lib/user-toggles"
import { voteKeys } from "./keys"

export type MyVotes = MarkMap

export const fetchMyVotes = (userId: string): Promise<MyVotes> => fetchMarks("votes", "user", "product", userId)

export const myVotesQueryOptions = (userId: string) =>
  marksQueryOptions(voteKeys.mine(userId), userId, () => fetchMyVotes(userId))
