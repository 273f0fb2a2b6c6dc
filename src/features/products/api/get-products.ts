// Approved products for the listings (/home, categories, tags), a page at a time through the
// server's cursor (GET /api/vitrine/products). Online: the first page of each parameter set is
// saved to IndexedDB through cachedRead. Offline: that saved first page is shown (with its age);
// further pages need the network and fail visibly. On /home's first load the server has already
// put the first page into the HTML (src/lib/boot.ts): no request, saved when the browser is idle.
import { useInfiniteQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { takeBootProducts } from "@/lib/boot"
import { cachedRead, keepCopy, type CachedResult } from "@/lib/cached-read"
import { mapProductCard } from "@/lib/mapping/product-card"
import { pb } from "@/lib/pocketbase"
import type { ProductListParams, ProductPage, ProductPageDTO } from "../types"
import { cursorPagesOptions, flattenPages } from "./cursor-pages"
import { normalizeListParams, productKeys } from "./keys"

export async function fetchProductPage(params: ProductListParams, cursor: string | null): Promise<ProductPage> {
  const p = normalizeListParams(params)
  const query: Record<string, string | number> = { limit: limits.pageSize }
  if (p.search) query.search = p.search
  if (p.sort) query.sort = p.sort
  if (p.category) query.category = p.category
  if (p.tag) query.tag = p.tag
  if (p.lovable) query.lovable = "true"
  if (p.epic) query.epic = "true"
  if (p.maker) query.maker = p.maker
  if (p.following) query.following = "true"
  if (cursor) query.cursor = cursor
  const res = await pb.send<ProductPageDTO>("/api/vitrine/products", { method: "GET", query })
  return mapPage(res)
}

function mapPage(res: ProductPageDTO): ProductPage {
  return {
    items: (res.items ?? []).map((dto) => mapProductCard(dto)),
    nextCursor: res.nextCursor ?? null,
    total: typeof res.total === "number" ? res.total : null,
    totalMore: !!res.totalMore,
  }
}

/**
 * How the first page of a listing is saved. `userId`: whose 'Seguindo' feed this is (it is
 * private: the saved copy carries the user and goes when they sign out; the server never sends it
 * with the page). The first page of /home opens offline whatever else was seen since.
 */
function copyOptions(params: ProductListParams, userId: string) {
  return { pinned: Object.keys(normalizeListParams(params)).length === 0, owner: params.following ? userId : "" }
}

/** The first page of a listing the server sent with the page (saved as any first page), or undefined. */
function sentPage(params: ProductListParams, key: readonly unknown[], userId: string) {
  const boot = params.following ? null : (takeBootProducts(normalizeListParams(params)) as ProductPageDTO | null)
  return boot ? keepCopy(JSON.stringify(key), mapPage(boot), copyOptions(params, userId)) : undefined
}

export const productsInfiniteQueryOptions = (params: ProductListParams, userId = "") => {
  const key = productKeys.feed(params, userId)
  return cursorPagesOptions(
    key,
    (): Promise<CachedResult<ProductPage>> =>
      cachedRead(JSON.stringify(key), () => fetchProductPage(params, null), copyOptions(params, userId)),
    (cursor) => fetchProductPage(params, cursor),
    () => sentPage(params, key, userId),
  )
}

/** A listing with its pages flattened (deduplicated by id) and the offline state of its first page. */
export function useProducts(params: ProductListParams, userId = "") {
  const query = useInfiniteQuery({
    ...productsInfiniteQueryOptions(params, userId),
    // the 'Seguindo' feed waits for the signed-in user
    enabled: !params.following || !!userId,
  })
  const pages = query.data?.pages ?? []
  const products = flattenPages(
    pages,
    (p, readAt) => ({ ...p, readAt }),
    (p) => p.id,
  )
  const first = pages[0]
  return {
    ...query,
    products,
    total: first?.data.total ?? null,
    totalMore: !!first?.data.totalMore,
    fromCache: first?.fromCache ?? false,
    savedAt: first?.savedAt ?? 0,
  }
}
