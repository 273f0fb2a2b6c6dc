// Reports for staff: open ones or all, newest first, with reporter, reviewer and the reported
// content; review = resolve (remove the content) or dismiss. Needs the network.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { avatarUrl } from "@/lib/auth"
import { pb, type RecordModel } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export interface FlagItem {
  id: string
  targetType: "product" | "comment"
  status: "open" | "resolved" | "dismissed"
  reason: string
  created: string
  reviewedAt: string
  reporter: { displayName: string; avatarUrl: string } | null
  reviewer: string
  product: { slug: string; title: string; status: string } | null
  /** the reported comment's text; "" once it was removed */
  commentText: string
  commentId: string
}

function person(r: RecordModel | undefined) {
  return r
    ? {
        displayName: r.display_name as string,
        avatarUrl: avatarUrl({ id: r.id, collectionId: r.collectionId, avatar: r.avatar as string }),
      }
    : null
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
    reporter: person(r.expand?.reporter as RecordModel | undefined),
    reviewer: ((r.expand?.reviewed_by as RecordModel | undefined)?.display_name as string) || "",
    product: product
      ? { slug: product.slug as string, title: product.title as string, status: product.status as string }
      : null,
    commentText: (comment?.content as string) || "",
    commentId: (r.comment as string) || "",
  }
}

export function useFlags(tab: "open" | "all") {
  return useQuery({
    queryKey: adminKeys.flags(tab),
    queryFn: async () => {
      const page = await pb.collection("flags").getList(1, 50, {
        filter: tab === "open" ? 'status = "open"' : "",
        sort: "-created,-id",
        expand: "reporter,reviewed_by,product,comment",
      })
      return { total: page.totalItems, items: page.items.map(mapFlag) }
    },
  })
}

export function useReviewFlag() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "resolve" | "dismiss" }) =>
      pb.send(`/api/vitrine/flags/${encodeURIComponent(id)}/review`, { method: "POST", body: { action } }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
