// The launch ranking (GET /api/vitrine/ranking): products launched today, yesterday, this week,
// this month or on a chosen day, by votes, a page at a time through the server's cursor. The
// server resolves 'today' in São Paulo time, whatever the device's clock or zone says. Online:
// the first page of each ranking is saved to IndexedDB through cachedRead (public data). Offline:
// that saved page is shown with its age; further pages need the network and fail visibly. /home's
// top 3 of today comes with the page's HTML (src/lib/boot.ts).
import { useInfiniteQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { takeBootRanking } from "@/lib/boot"
import { cachedRead, keepCopy, type CachedResult } from "@/lib/cached-read"
import { mapProductCard } from "@/lib/mapping/product-card"
import { pb } from "@/lib/pocketbase"
import type { RankingPage, RankingPageDTO, RankingQuery } from "../types"
import { cursorPagesOptions, flattenPages } from "./cursor-pages"
import { productKeys } from "./keys"

export async function fetchRankingPage(q: RankingQuery, cursor: string | null): Promise<RankingPage> {
  const query: Record<string, string | number> = { period: q.period, limit: q.limit ?? limits.pageSize }
  if (q.date) query.date = q.date
  if (cursor) query.cursor = cursor
  return mapRankingPage(await pb.send<RankingPageDTO>("/api/vitrine/ranking", { method: "GET", query }))
}

function mapRankingPage(res: RankingPageDTO): RankingPage {
  return { ...res, items: res.items.map((i) => ({ rank: i.rank, product: mapProductCard(i.product) })) }
}

/** The first page the server sent with the page (/home: today's top 3), saved as any first page, or undefined. */
function sentRankingPage(q: RankingQuery, key: readonly unknown[]): CachedResult<RankingPage> | undefined {
  const boot = !q.date ? (takeBootRanking({ period: q.period, limit: q.limit }) as RankingPageDTO | null) : null
  return boot ? keepCopy(JSON.stringify(key), mapRankingPage(boot)) : undefined
}

export const rankingQueryOptions = (q: RankingQuery) => {
  const key = productKeys.rankingPage(q)
  return cursorPagesOptions(
    key,
    (): Promise<CachedResult<RankingPage>> => cachedRead(JSON.stringify(key), () => fetchRankingPage(q, null)),
    (cursor) => fetchRankingPage(q, cursor),
    () => sentRankingPage(q, key),
  )
}

/** A ranking with its pages flattened, the period (from the first page) and its offline state. */
export function useRanking(q: RankingQuery) {
  const query = useInfiniteQuery(rankingQueryOptions(q))
  const pages = query.data?.pages ?? []
  const items = flattenPages(
    pages,
    (i, readAt) => ({ ...i, product: { ...i.product, readAt } }),
    (i) => i.product.id,
  )
  const first = pages[0]
  return {
    ...query,
    items,
    head: first?.data ?? null,
    fromCache: first?.fromCache ?? false,
    savedAt: first?.savedAt ?? 0,
  }
}
