// Sign-out removes this device's push subscription (server and browser). Registered by the app
// shell as soon as it renders, not by the lazily loaded PushSync: a sign-out right after a page load
// (before PushSync's code arrived, or while it still checks the subscription) must not leave the
// device receiving the previous user's pushes. The push code loads only when push was on here.
import { subscriptionOwner } from "@/features/push/device"

export async function removePushOnSignOut(token: string) {
  if (!subscriptionOwner()) return
  const { removeThisDevice } = await import("@/features/push/sync")
  await removeThisDevice(token)
}
