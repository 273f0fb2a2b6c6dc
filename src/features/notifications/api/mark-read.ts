// Marking one notification read (notifications update, is_read). Shown read at once; needs the
// network: a failure leaves it unread again (the list is read anew) and says so.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import type { NotificationsCopy } from "./get-notifications"
import { notificationKeys } from "./keys"

/** Shows `ids` (or every notification) as read in the user's cached list, before the server says so. */
export function showRead(qc: QueryClient, userId: string, ids: string[] | "all") {
  qc.setQueryData<NotificationsCopy>(
    notificationKeys.list(userId),
    (copy) =>
      copy && {
        ...copy,
        data: copy.data.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, isRead: true } : n)),
      },
  )
}

export const markRead = (id: string) => pb.collection("notifications").update(id, { is_read: true })

/** Marks one notification read; returns the function to call with its id. */
export function useMarkRead(userId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onMutate: (id) => showRead(qc, userId, [id]),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  }).mutate
}
