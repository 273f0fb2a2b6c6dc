// A maker's public profile and stats (GET /api/vitrine/makers/{username}). Online: read from the
// server and saved to IndexedDB. Offline: the saved copy of that maker, if this device has one;
// otherwise the network error reaches the page, which says it is offline.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { cachedRead } from "@/lib/cached-read"
import { ClientResponseError, pb } from "@/lib/pocketbase"
import type { Maker } from "../types"
import { profileKeys } from "./keys"

export async function fetchMaker(username: string): Promise<Maker> {
  return pb.send<Maker>(`/api/vitrine/makers/${encodeURIComponent(username)}`, { method: "GET" })
}

export const makerQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKeys.maker(username),
    queryFn: () => cachedRead(JSON.stringify(profileKeys.maker(username)), () => fetchMaker(username)),
    // a missing maker will not appear on a retry: go to the 404 page at once
    retry: (count, err) => !(err instanceof ClientResponseError && err.status === 404) && count < 1,
  })

export function useMaker(username: string) {
  return useQuery(makerQueryOptions(username))
}
