// The signed-in user's votes (product id -> vote id), read once per session and kept in step by
// every vote sent. Saved to IndexedDB, so offline the buttons show what the server last said
// (plus the queued votes, see vote-button.tsx).
import { queryOptions, useQuery } from "@tanstack/react-query"
import { useAuth } from "@/lib/auth"
import { cachedRead } from "@/lib/cached-read"
import { pb } from "@/lib/pocketbase"
import { voteKeys } from "./keys"

export type MyVotes = Record<string, string>

export async function fetchMyVotes(userId: string): Promise<MyVotes> {
  const list = await pb.collection("votes").getFullList({
    filter: pb.filter("user = {:u}", { u: userId }),
    fields: "id,product",
    batch: 1000,
  })
  return Object.fromEntries(list.map((v) => [v.product as string, v.id]))
}

export const myVotesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: voteKeys.mine(userId),
    queryFn: async () =>
      (await cachedRead(JSON.stringify(voteKeys.mine(userId)), () => fetchMyVotes(userId), { owner: userId })).data,
    staleTime: 5 * 60_000,
  })

export function useMyVotes() {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  return useQuery({ ...myVotesQueryOptions(userId), enabled: !!userId })
}
