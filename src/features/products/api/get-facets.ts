// Categories and tags with their counts of approved products (GET /api/vitrine/facets): the
// filter panel, and the names and counts of the category and tag pages. Online: read and saved to
// IndexedDB. Offline: the saved copy (with its age).
import { queryOptions, useQuery } from "@tanstack/react-query"
import { cachedRead } from "@/lib/cached-read"
import { pb } from "@/lib/pocketbase"
import type { Facets } from "../types"
import { productKeys } from "./get-products"

export const facetsKey = [...productKeys.all, "facets"] as const

export async function fetchFacets(): Promise<Facets> {
  const res = await pb.send<Partial<Facets>>("/api/vitrine/facets", { method: "GET" })
  return { categories: res.categories ?? [], tags: res.tags ?? [] }
}

export const facetsQueryOptions = () =>
  queryOptions({
    queryKey: facetsKey,
    queryFn: () => cachedRead(JSON.stringify(facetsKey), fetchFacets),
  })

export function useFacets() {
  return useQuery(facetsQueryOptions())
}
