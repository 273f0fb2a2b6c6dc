// The signed-in user's 50 newest notifications (spec: limit 50), with the actor and product.
// Kept fresh by realtime (use-notifications-realtime.ts). Needs the network; offline the last
// fetched list stays in the query cache.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { fileUrl, pb, type RecordModel } from "@/lib/pocketbase"

export type NotificationType = "new_comment" | "new_vote" | "product_approved" | "product_rejected"

export interface NotificationItem {
  id: string
  type: NotificationType
  isRead: boolean
  created: string
  actor: { displayName: string; username: string; avatarUrl: string } | null
  productSlug: string
  productTitle: string
  commentId: string
  commentPreview: string
  reason: string
}

export const notificationKeys = {
  all: ["notifications"] as const,
  list: (userId: string) => [...notificationKeys.all, userId] as const,
}

function mapNotification(r: RecordModel): NotificationItem {
  const payload = (r.payload ?? {}) as Record<string, string | undefined>
  const actor = r.expand?.actor as RecordModel | undefined
  const product = r.expand?.product as RecordModel | undefined
  return {
    id: r.id,
    type: r.type as NotificationType,
    isRead: Boolean(r.is_read),
    created: r.created as string,
    actor: actor
      ? {
          displayName: actor.display_name as string,
          username: actor.username as string,
          avatarUrl: actor.avatar ? fileUrl(actor, actor.avatar as string, "96x96") : "",
        }
      : null,
    productSlug: payload.product_slug || (product?.slug as string | undefined) || "",
    productTitle: payload.product_title || (product?.title as string | undefined) || "",
    commentId: payload.comment_id || (r.comment as string) || "",
    commentPreview: payload.comment_preview ?? "",
    reason: payload.reason ?? "",
  }
}

export async function fetchNotifications(userId: string): Promise<NotificationItem[]> {
  const res = await pb.collection("notifications").getList(1, limits.notificationsLimit, {
    filter: pb.filter("user = {:id}", { id: userId }),
    sort: "-created,-id",
    expand: "actor,product",
    fields: "id,type,is_read,created,payload,comment,expand.actor.*,expand.product.slug,expand.product.title",
  })
  return res.items.map(mapNotification)
}

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: () => fetchNotifications(userId),
  })

export function useNotifications(userId: string | undefined) {
  return useQuery({ ...notificationsQueryOptions(userId ?? ""), enabled: !!userId })
}
