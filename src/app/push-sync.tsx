// Signed-in users only (loaded lazily): keeps this browser's push subscription current at start
// (features/push/sync.ts). Sign-out removes it (push-sign-out.ts, registered by the app shell).
import { useEffect } from "react"
import { syncPushSubscription } from "@/features/push/sync"

export default function PushSync({ userId }: { userId: string }) {
  useEffect(() => {
    syncPushSubscription(userId).catch((err: unknown) => console.warn("push: sincronização adiada", err))
  }, [userId])
  return null
}
