// Categories for the product form's select (public `categories` collection, by name). Needs the
// network: offline the select offers no category, which is optional anyway.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { productKeys } from "./keys"

export interface CategoryOption {
  id: string
  name: string
}

export async function fetchCategoryOptions(): Promise<CategoryOption[]> {
  const rows = await pb.collection("categories").getFullList({ sort: "name", fields: "id,name" })
  return rows.map((r) => ({ id: r.id, name: r.name as string }))
}

export const categoryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.categoryOptions(),
    queryFn: fetchCategoryOptions,
    staleTime: 5 * 60_000,
  })

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions())
}
