// A listing's view lives in the URL only (copied links reproduce it; back/forward work): this reads
// the query parameters a page accepts and writes changes as new history entries.
import { useCallback } from "react"
import { useSearchParams } from "react-router-dom"
import { useSearchUpdate } from "@/lib/use-search-update"
import type { ProductListParams, ProductSort } from "../types"

export type ListingParam = "search" | "sort" | "category" | "tag" | "lovable" | "epic" | "following"
export type ListingChanges = Partial<Record<ListingParam, string | null>>

export function useListingParams(accepted: readonly ListingParam[]) {
  const [searchParams] = useSearchParams()
  const write = useSearchUpdate()
  const get = (name: ListingParam) => (accepted.includes(name) ? searchParams.get(name) || undefined : undefined)

  const search = get("search")?.trim() || undefined
  const rawSort = get("sort")
  const urlSort: ProductSort | undefined = rawSort === "top" || rawSort === "recent" ? rawSort : undefined
  // no sort in the URL: newest first, or relevance (the server's order) while searching
  const sort: ProductSort | null = urlSort ?? (search ? null : "recent")
  const params: ProductListParams = {
    search,
    sort: sort ?? undefined,
    category: get("category"),
    tag: get("tag"),
    lovable: get("lovable") === "true",
    epic: get("epic") === "true",
    following: get("following") === "true",
  }

  const update = useCallback(
    (changes: ListingChanges) =>
      write((next) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value)
          else next.delete(name)
        }
      }),
    [write],
  )

  /** `null`: relevance (while searching). Recent is the default and stays out of the URL, unless a
   * search would otherwise order by relevance. */
  const setSort = (value: ProductSort | null) =>
    update({ sort: value === null || (value === "recent" && !search) ? null : value, following: null })

  /** The 'Seguindo' tab: the followed makers' products, newest first. */
  const setFollowing = () => update({ following: "true", sort: null })

  return { params, sort, update, setSort, setFollowing }
}
