// Categories and tags with their counts of approved products (GET /api/vitrine/facets): the
// filter panel, and the names and counts of the category and tag pages. With the listing's filters
// (search, category, tag, lovable, epic) each count follows them: what choosing it would list. Online: read and saved to
// IndexedDB. Offline: the saved copy (with its age). On /home's first load they come with the page
// (src/lib/boot.ts).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query"
import { takeBootFacets } from "@/lib/boot"
import { cachedRead, keepCopy } from "@/lib/cached-read"
import { pb } from "@/lib/pocketbase"
import type { Facets, ProductListParams } from "../types"
import { productKeys } from "./keys"

const toFacets = (res: Partial<Facets>): Facets => ({
  categories: res.categories ?? [],
  tags: res.tags ?? [],
  categoriesMore: !!res.categoriesMore,
  tagsMore: !!res.tagsMore,
})

/** The filters the counts follow; none: the whole catalogue's counts. */
export type FacetFilters = Pick<ProductListParams, "search" | "category" | "tag" | "lovable" | "epic">

function filterQuery(f: FacetFilters): Record<string, string> {
  const query: Record<string, string> = {}
  if (f.search?.trim()) query.search = f.search.trim()
  if (f.category) query.category = f.category
  if (f.tag) query.tag = f.tag
  if (f.lovable) query.lovable = "true"
  if (f.epic) query.epic = "true"
  return query
}

export async function fetchFacets(filters: FacetFilters = {}): Promise<Facets> {
  const query = filterQuery(filters)
  return toFacets(await pb.send<Partial<Facets>>("/api/vitrine/facets", { method: "GET", query }))
}

export const facetsQueryOptions = (filters: FacetFilters = {}) => {
  const query = filterQuery(filters)
  const narrowed = Object.keys(query).length > 0
  const key = productKeys.facets(query)
  return queryOptions({
    queryKey: key,
    queryFn: () => cachedRead(JSON.stringify(key), () => fetchFacets(filters)),
    // the server sends the whole catalogue's counts with /home: there in the first render
    initialData: () => {
      const boot = narrowed ? null : (takeBootFacets() as Partial<Facets> | null)
      return boot ? keepCopy(JSON.stringify(key), toFacets(boot)) : undefined
    },
  })
}

/** `filters`: the counts follow them (the previous counts stay shown while new ones load). */
export function useFacets(filters: FacetFilters = {}) {
  return useQuery({ ...facetsQueryOptions(filters), placeholderData: keepPreviousData })
}
