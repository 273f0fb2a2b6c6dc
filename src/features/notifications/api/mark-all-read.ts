// 'Marcar todas como lidas' (POST /api/vitrine/notifications/read-all). Shown read at once; needs
// the network: a failure leaves them unread again (the list is read anew) and says so.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { notificationKeys } from "./keys"
import { showRead } from "./mark-read"

export const markAllRead = () => pb.send("/api/vitrine/notifications/read-all", { method: "POST" })

/** Marks every notification of the user read; returns the function to call. */
export function useMarkAllRead(userId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: markAllRead,
    onMutate: () => showRead(qc, userId, "all"),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  }).mutate
}
