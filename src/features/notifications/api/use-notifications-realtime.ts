// Realtime: a new notification for the signed-in user refetches the list within a second. After a
// lost connection (PB_CONNECT fires again on reconnect) the list is refetched too, since events
// sent during the gap are not replayed; and once the subscription is registered, since an event
// between the first read (or PB_CONNECT) and the registration would be missed as well. The topic is
// the server's per-user channel (pb_hooks/lib/live.js), not a subscription to the notifications
// collection: the server sends each user only their own, without checking every connected user at
// every notification. A read still in flight is restarted, not joined: it may have left the server
// before the event (rereadAfterWrite).
import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { pb } from "@/lib/pocketbase"
import { rereadAfterWrite } from "@/lib/query-client"
import { notificationKeys } from "./keys"

/** The server's per-user notifications topic (pb_hooks/lib/live.js TOPIC). */
export const NOTIFICATIONS_TOPIC = "vitrine/notifications"

export function useNotificationsRealtime(userId: string | undefined) {
  const qc = useQueryClient()
  useEffect(() => {
    if (!userId) return
    const refetch = () => rereadAfterWrite(qc, notificationKeys.list(userId))
    const unsubs: Array<Promise<() => Promise<void>>> = [
      pb.realtime.subscribe(NOTIFICATIONS_TOPIC, refetch).then((off) => {
        refetch()
        return off
      }),
      pb.realtime.subscribe("PB_CONNECT", refetch),
    ]
    return () => {
      for (const u of unsubs) void u.then((off) => off()).catch(() => {})
    }
  }, [userId, qc])
}
