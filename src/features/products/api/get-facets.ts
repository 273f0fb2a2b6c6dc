// Categories and tags with their counts of approved products (GET /api/vitrine/facets): the
// filter panel, and the names and counts of the category and tag pages. Online: read and saved to
// IndexedDB. Offline: the saved copy (with its age). On /home's first load they come with the page
// (src/lib/boot.ts).
import { queryOptions, useQuery } from "@tanstack/react-query"
import { takeBootFacets } from "@/lib/boot"
import { cachedRead, keepCopy } from "@/lib/cached-read"
import { pb } from "@/lib/pocketbase"
import type { Facets } from "../types"
import { productKeys } from "./get-products"

export const facetsKey = [...productKeys.all, "facets"] as const

const toFacets = (res: Partial<Facets>): Facets => ({ categories: res.categories ?? [], tags: res.tags ?? [] })

export async function fetchFacets(): Promise<Facets> {
  return toFacets(await pb.send<Partial<Facets>>("/api/vitrine/facets", { method: "GET" }))
}

export const facetsQueryOptions = () =>
  queryOptions({
    queryKey: facetsKey,
    queryFn: () => {
      const boot = takeBootFacets() as Partial<Facets> | null
      if (boot) return Promise.resolve(keepCopy(JSON.stringify(facetsKey), toFacets(boot)))
      return cachedRead(JSON.stringify(facetsKey), fetchFacets)
    },
  })

export function useFacets() {
  return useQuery(facetsQueryOptions())
}
