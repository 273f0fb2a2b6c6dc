// Query keys of the products slice, in one factory: every read's key comes from here and every
// write invalidates through it. The keys are also the names of the copies saved in IndexedDB
// (cachedRead uses them as JSON), so an existing key must keep its exact shape.
import { limits } from "@/config/rules"
import type { ProductListParams, RankingQuery } from "../types"

/** Only the set parameters, in a fixed order: equal views get equal keys (and offline copies). */
export function normalizeListParams(p: ProductListParams): ProductListParams {
  const out: ProductListParams = {}
  const search = p.search?.trim()
  if (search) out.search = search
  if (p.sort) out.sort = p.sort
  if (p.category) out.category = p.category
  if (p.tag) out.tag = p.tag
  if (p.lovable) out.lovable = true
  if (p.epic) out.epic = true
  if (p.maker) out.maker = p.maker
  if (p.following) out.following = true
  return out
}

export const productKeys = {
  all: ["products"] as const,
  lists: () => [...productKeys.all, "list"] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), normalizeListParams(params)] as const,
  /** a listing as one user sees it: the 'Seguindo' feed is private, so its key names the user */
  feed: (params: ProductListParams, userId: string) =>
    params.following ? ([...productKeys.list(params), userId] as const) : productKeys.list(params),
  /** the whole catalogue's counts, or (`filters`: the listing's set filters) the narrowed ones */
  facets: (filters?: Record<string, string>) =>
    filters && Object.keys(filters).length
      ? ([...productKeys.all, "facets", filters] as const)
      : ([...productKeys.all, "facets"] as const),
  details: () => [...productKeys.all, "detail"] as const,
  detail: (slug: string) => [...productKeys.details(), slug] as const,
  related: (id: string) => [...productKeys.all, "related", id] as const,
  /** the counters this visit's view and click brought back (get-product.ts; not saved offline) */
  counters: (id: string) => [...productKeys.all, "counters", id] as const,
  /** a maker's products: approved only, or (`all`, the owner) every status */
  user: (userId: string, all = false) => [...productKeys.all, "user", userId, { all }] as const,
  ranking: () => [...productKeys.all, "ranking"] as const,
  rankingPage: (q: RankingQuery) =>
    [...productKeys.ranking(), q.period, q.date ?? "", q.limit ?? limits.pageSize] as const,
  categoryOptions: () => [...productKeys.all, "category-options"] as const,
  tagSuggestions: (q: string, exclude: string[]) => [...productKeys.all, "tag-suggestions", q, exclude] as const,
}
