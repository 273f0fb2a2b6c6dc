// Up to 5 existing tags whose name contains the typed text (public `tags` collection), for the
// tags input. Needs the network: offline there are no suggestions and typed tags still work.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { pb } from "@/lib/pocketbase"
import { productKeys } from "./keys"

export async function suggestTags(q: string, exclude: string[]): Promise<string[]> {
  const filters = [pb.filter("name ~ {:q}", { q })]
  for (const [i, name] of exclude.entries()) filters.push(pb.filter(`name != {:t${i}}`, { [`t${i}`]: name }))
  const res = await pb.collection("tags").getList(1, limits.tagSuggestions, {
    filter: filters.join(" && "),
    sort: "name",
    fields: "name",
    skipTotal: true,
  })
  return res.items.map((t) => t.name as string)
}

export const tagSuggestionsQueryOptions = (q: string, exclude: string[]) =>
  queryOptions({
    queryKey: productKeys.tagSuggestions(q, exclude),
    queryFn: () => suggestTags(q, exclude),
    staleTime: 60_000,
  })

export function useTagSuggestions(q: string, exclude: string[]) {
  const query = q.trim().toLowerCase()
  return useQuery({
    ...tagSuggestionsQueryOptions(query, exclude),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  })
}
