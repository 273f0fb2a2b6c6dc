// The vote count the server answered to the user's own vote, and when: never fetched, set by every
// vote sent (set-vote.ts), and shown over an older count read with the product.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { voteKeys } from "./keys"

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

export const latestCountQueryOptions = (productId: string) =>
  queryOptions<LatestCount | null>({
    queryKey: voteKeys.count(productId),
    queryFn: () => null,
    enabled: false,
  })

export function useLatestCount(productId: string) {
  return useQuery(latestCountQueryOptions(productId))
}
