// The makers the signed-in user follows (maker id -> follow id), read through the collections API
// (the rules show a user their own follows) once per session and kept in step by every follow
// sent. Saved to IndexedDB as the user's private copy: offline the buttons show what the server
// last said (plus the queued follows, see follow-button.tsx); it goes when the user signs out.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { useAuth } from "@/lib/auth"
import { cachedRead } from "@/lib/cached-read"
import { pb } from "@/lib/pocketbase"
import { followKeys } from "./keys"

export type MyFollows = Record<string, string>

export async function fetchMyFollows(userId: string): Promise<MyFollows> {
  const list = await pb.collection("follows").getFullList({
    filter: pb.filter("follower = {:u}", { u: userId }),
    fields: "id,maker",
    batch: 1000,
  })
  return Object.fromEntries(list.map((f) => [f.maker as string, f.id]))
}

export const myFollowsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: followKeys.mine(userId),
    queryFn: async () =>
      (await cachedRead(JSON.stringify(followKeys.mine(userId)), () => fetchMyFollows(userId), { owner: userId })).data,
    staleTime: 5 * 60_000,
  })

export function useMyFollows() {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  return useQuery({ ...myFollowsQueryOptions(userId), enabled: !!userId })
}
