// A product's numbers for its maker (GET /api/vitrine/products/by-slug/{slug}/stats; the server
// answers only the owner and staff: 403/404 for anyone else). Online: read and saved to IndexedDB
// as the viewer's private copy (it goes when they sign out). Offline: the saved copy, with its age.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { useAuth } from "@/lib/auth"
import { cachedRead } from "@/lib/cached-read"
import { ClientResponseError, pb } from "@/lib/pocketbase"
import { statsKeys } from "./keys"

export interface DayStats {
  /** AAAA-MM-DD, São Paulo */
  day: string
  views: number
  /** 'Visitar Site' clicks */
  clicks: number
  votes: number
  comments: number
}

export type Totals = Omit<DayStats, "day">

export interface RankEntry {
  period: "day" | "week" | "month"
  /** the day, the week's Monday, or the month (AAAA-MM) */
  key: string
  /** null: beyond the first 1,000 (the server stops counting there) */
  rank: number | null
  of: number
  /** more than `of` launched in the period (the count stopped at 1,000) */
  more: boolean
  /** the day had closed: this place is final */
  final: boolean
}

export interface ProductStats {
  product: { id: string; slug: string; title: string; status: string; published_at: string; launch_day: string }
  from: string
  to: string
  /** the last 30 days, oldest first, every day present */
  days: DayStats[]
  /** all time (the product's counters) */
  totals: Totals
  /** the 30 days of `days` */
  window: Totals
  /** visits / views, all time; null without views */
  conversion: number | null
  windowConversion: number | null
  ranks: RankEntry[]
}

export function fetchProductStats(slug: string): Promise<ProductStats> {
  return pb.send<ProductStats>(`/api/vitrine/products/by-slug/${encodeURIComponent(slug)}/stats`, { method: "GET" })
}

export const productStatsQueryOptions = (slug: string, userId: string) =>
  queryOptions({
    queryKey: statsKeys.product(slug, userId),
    queryFn: () =>
      cachedRead(JSON.stringify(statsKeys.product(slug, userId)), () => fetchProductStats(slug), { owner: userId }),
    // a refusal (403, 404) will not change on a retry
    retry: (count, err) => !(err instanceof ClientResponseError && err.status >= 400 && err.status < 500) && count < 1,
  })

export function useProductStats(slug: string) {
  const { user } = useAuth()
  return useQuery({ ...productStatsQueryOptions(slug, user?.id ?? ""), enabled: !!user })
}
