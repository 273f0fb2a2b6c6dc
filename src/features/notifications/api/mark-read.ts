// Marking notifications read (network required; a failure leaves them unread and says so).
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { notificationKeys, type NotificationsCopy } from "./get-notifications"

export function useMarkRead(userId: string) {
  const qc = useQueryClient()
  const key = notificationKeys.list(userId)
  const setRead = (ids: string[] | "all") =>
    qc.setQueryData<NotificationsCopy>(
      key,
      (copy) =>
        copy && {
          ...copy,
          data: copy.data.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, isRead: true } : n)),
        },
    )
  const one = useMutation({
    mutationFn: (id: string) => pb.collection("notifications").update(id, { is_read: true }),
    onMutate: (id) => setRead([id]),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  })
  const all = useMutation({
    mutationFn: () => pb.send("/api/vitrine/notifications/read-all", { method: "POST" }),
    onMutate: () => setRead("all"),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  })
  return { markRead: one.mutate, markAllRead: all.mutate }
}
