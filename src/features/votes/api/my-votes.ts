// The signed-in user's votes (product id -> vote id), read once per session and kept in step by
// every vote sent. Saved to IndexedDB, so offline the buttons show what the server last said
// (plus the queued votes, see vote-button.tsx).
import { useQuery } from "@tanstack/react-query"
import { useAuth } from "@/lib/auth"
import { cachedRead } from "@/lib/cached-read"
import { pb } from "@/lib/pocketbase"

export type MyVotes = Record<string, string>

/** The vote count the server gave with the user's own vote, and when. */
export interface LatestCount {
  count: number
  at: number
}

/**
 * The newest count known for a product: the one read with the product (at `readAt`) or the one
 * the server answered to the user's own vote, whichever the server gave last.
 */
export function newestCount(read: number, readAt: number | undefined, latest: LatestCount | null | undefined) {
  return latest && latest.at > (readAt ?? 0) ? latest.count : read
}

export const voteKeys = {
  all: ["votes"] as const,
  mine: (userId: string) => [...voteKeys.all, "mine", userId] as const,
  /** the latest vote count the server gave for a product (shown over older listing data) */
  count: (productId: string) => [...voteKeys.all, "count", productId] as const,
}

export async function fetchMyVotes(userId: string): Promise<MyVotes> {
  const list = await pb.collection("votes").getFullList({
    filter: pb.filter("user = {:u}", { u: userId }),
    fields: "id,product",
    batch: 1000,
  })
  return Object.fromEntries(list.map((v) => [v.product as string, v.id]))
}

export function useMyVotes() {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  return useQuery({
    queryKey: voteKeys.mine(userId),
    queryFn: async () =>
      (await cachedRead(JSON.stringify(voteKeys.mine(userId)), () => fetchMyVotes(userId), { owner: userId })).data,
    enabled: !!userId,
    staleTime: 5 * 60_000,
  })
}
