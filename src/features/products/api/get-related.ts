// Up to 3 approved products of the same category, most voted first, without the current one
// (GET /api/vitrine/products/{id}/related). Needs the network: offline the block stays empty.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { mapProductCard } from "@/lib/mapping/product-card"
import { pb } from "@/lib/pocketbase"
import type { ProductCardData, ProductCardDTO } from "../types"
import { productKeys } from "./keys"

export async function fetchRelated(id: string): Promise<ProductCardData[]> {
  const res = await pb.send<{ items: ProductCardDTO[] }>(`/api/vitrine/products/${encodeURIComponent(id)}/related`, {
    method: "GET",
  })
  return res.items.map((p) => mapProductCard(p))
}

export const relatedQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.related(id), queryFn: () => fetchRelated(id) })

export function useRelatedProducts(id: string) {
  return useQuery(relatedQueryOptions(id))
}
