// Reports for staff: open ones or all, newest first, with reporter, reviewer and the reported
// content. Needs the network; kept fresh by use-admin-realtime.ts.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { mapPerson, type Person } from "@/lib/mapping/person"
import { pb, type RecordModel } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export type FlagsTab = "open" | "all"

export interface FlagItem {
  id: string
  targetType: "product" | "comment"
  status: "open" | "resolved" | "dismissed"
  reason: string
  created: string
  reviewedAt: string
  reporter: Person | null
  /** the reviewer's name; "" before the review */
  reviewer: string
  product: { slug: string; title: string; status: string } | null
  /** the reported comment's text; "" once it was removed */
  commentText: string
  commentId: string
}

function mapFlag(r: RecordModel): FlagItem {
  const product = r.expand?.product as RecordModel | undefined
  const comment = r.expand?.comment as RecordModel | undefined
  return {
    id: r.id,
    targetType: r.target_type as FlagItem["targetType"],
    status: r.status as FlagItem["status"],
    reason: r.reason as string,
    created: r.created as string,
    reviewedAt: (r.reviewed_at as string) || "",
    reporter: mapPerson(r.expand?.reporter as RecordModel | undefined),
    reviewer: mapPerson(r.expand?.reviewed_by as RecordModel | undefined)?.displayName ?? "",
    product: product
      ? { slug: product.slug as string, title: product.title as string, status: product.status as string }
      : null,
    commentText: (comment?.content as string) || "",
    commentId: (r.comment as string) || "",
  }
}

export async function fetchFlags(tab: FlagsTab) {
  const page = await pb.collection("flags").getList(1, 50, {
    filter: tab === "open" ? 'status = "open"' : "",
    sort: "-created,-id",
    expand: "reporter,reviewed_by,product,comment",
  })
  return { total: page.totalItems, items: page.items.map(mapFlag) }
}

export const flagsQueryOptions = (tab: FlagsTab) =>
  queryOptions({ queryKey: adminKeys.flags(tab), queryFn: () => fetchFlags(tab) })

export function useFlags(tab: FlagsTab) {
  return useQuery(flagsQueryOptions(tab))
}
