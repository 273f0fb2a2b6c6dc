// Approved products for the discovery listing. Online: read from PocketBase and saved to
// IndexedDB. Offline: the saved copy of the same view (same parameters) is returned.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { cachedRead } from "@/lib/cached-read"
import { pb } from "@/lib/pocketbase"
import type { ProductCardData, ProductListParams } from "../types"
import { mapProductCard, PRODUCT_CARD_EXPAND } from "./map-product"

export const productKeys = {
  all: ["products"] as const,
  list: (params: ProductListParams) => [...productKeys.all, "list", params] as const,
}

export async function fetchProducts(params: ProductListParams): Promise<ProductCardData[]> {
  const filters = [pb.filter("status = {:status}", { status: "approved" })]
  const q = params.search?.trim()
  if (q) filters.push(pb.filter("(title ~ {:q} || description ~ {:q})", { q }))
  const res = await pb.collection("products").getList(1, limits.pageSize, {
    filter: filters.join(" && "),
    sort: params.sort === "top" ? "-vote_count,-published_at" : "-published_at",
    expand: PRODUCT_CARD_EXPAND,
  })
  return res.items.map(mapProductCard)
}

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: () => cachedRead(JSON.stringify(productKeys.list(params)), () => fetchProducts(params)),
  })

export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params))
}
