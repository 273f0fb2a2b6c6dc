// Signed-in users only (loaded lazily): keeps this browser's push subscription current at start
// (features/push/sync.ts) and removes it when the user signs out on this device.
import { useEffect } from "react"
import { removeThisDevice, syncPushSubscription } from "@/features/push/sync"
import { onSignOut } from "@/lib/auth"

export default function PushSync({ userId }: { userId: string }) {
  useEffect(() => {
    syncPushSubscription(userId).catch((err: unknown) => console.warn("push: sincronização adiada", err))
    return onSignOut(removeThisDevice)
  }, [userId])
  return null
}
