// The signed-in user's 50 newest notifications (spec: limit 50), with the actor and product.
// Kept fresh by realtime (use-notifications-realtime.ts). Saved to IndexedDB as the user's private
// copy: offline (or on lie-fi) the saved list shows with its age, and the bell keeps its badge;
// it goes when the user signs out.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { cachedRead, type CachedResult } from "@/lib/cached-read"
import { mapPerson, type Person } from "@/lib/mapping/person"
import { pb, type RecordModel } from "@/lib/pocketbase"
import { notificationKeys } from "./keys"

export type NotificationType =
  | "new_comment"
  | "new_vote"
  | "product_approved"
  | "product_rejected"
  /** a followed maker launched a product (actor = the maker) */
  | "new_product"
  /** the user's product ended its launch day in the top 3 */
  | "daily_rank"

export interface NotificationItem {
  id: string
  type: NotificationType
  isRead: boolean
  created: string
  actor: Person | null
  productSlug: string
  productTitle: string
  commentId: string
  commentPreview: string
  /** the comment was removed (by its author or by moderation): its text is not shown any more */
  commentRemoved: boolean
  reason: string
  /** daily_rank: the place (1-3) and the launch day (AAAA-MM-DD) */
  rank: number
  day: string
}

function mapNotification(r: RecordModel): NotificationItem {
  const payload = (r.payload ?? {}) as Record<string, string | undefined> & { rank?: number }
  const actor = r.expand?.actor as RecordModel | undefined
  const product = r.expand?.product as RecordModel | undefined
  return {
    id: r.id,
    type: r.type as NotificationType,
    isRead: Boolean(r.is_read),
    created: r.created as string,
    actor: mapPerson(actor),
    productSlug: payload.product_slug || (product?.slug as string | undefined) || "",
    productTitle: payload.product_title || (product?.title as string | undefined) || "",
    commentId: payload.comment_id || (r.comment as string) || "",
    commentPreview: payload.comment_preview ?? "",
    // a removed comment is not readable any more (the comments rules hide it), so it does not expand
    commentRemoved: !!(payload.comment_id || r.comment) && !r.expand?.comment,
    reason: payload.reason ?? "",
    rank: typeof payload.rank === "number" ? payload.rank : 0,
    day: payload.day ?? "",
  }
}

export async function fetchNotifications(userId: string): Promise<NotificationItem[]> {
  const res = await pb.collection("notifications").getList(1, limits.notificationsLimit, {
    filter: pb.filter("user = {:id}", { id: userId }),
    sort: "-created,-id",
    expand: "actor,product,comment",
    // the actor's fields a person is shown with (mapPerson), not the whole account (its bio, dates...):
    // a third less to download and parse on every page a signed-in user opens
    fields:
      "id,type,is_read,created,payload,comment,expand.actor.id,expand.actor.collectionId,expand.actor.display_name," +
      "expand.actor.username,expand.actor.avatar,expand.product.slug,expand.product.title,expand.comment.id",
  })
  return res.items.map(mapNotification)
}

export type NotificationsCopy = CachedResult<NotificationItem[]>

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: () =>
      cachedRead(JSON.stringify(notificationKeys.list(userId)), () => fetchNotifications(userId), { owner: userId }),
  })

/** The list (`data`), and whether it is the saved copy (`fromCache`, `savedAt`). */
export function useNotifications(userId: string | undefined) {
  const query = useQuery({ ...notificationsQueryOptions(userId ?? ""), enabled: !!userId })
  return {
    ...query,
    data: query.data?.data,
    fromCache: query.data?.fromCache ?? false,
    savedAt: query.data?.savedAt ?? 0,
  }
}
