// The header bell of a signed-in user: the unread badge, kept live (realtime), and a popover with
// the 10 newest. Lazy-loaded for signed-in users once the page is up. The popover (Headless UI,
// bell-popover.tsx) mounts when the user reaches for the bell (IntentMount): until then a plain
// button draws the same bell and badge.
import { IntentMount } from "@/components/ui/intent-mount"
import { limits } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { useNotifications } from "../api/get-notifications"
import { useNotificationsRealtime } from "../api/use-notifications-realtime"
import { BELL_BUTTON_CLASS, BellFace, bellLabel } from "./bell-face"

export default function NotificationBell() {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const { data = [] } = useNotifications(userId)
  useNotificationsRealtime(userId)
  const unread = data.filter((n) => !n.isRead).length

  return (
    <IntentMount
      load={() => import("./bell-popover")}
      props={{ userId, unread, items: data.slice(0, limits.notificationsPopover) }}
      label={bellLabel(unread)}
      className={BELL_BUTTON_CLASS}
    >
      <BellFace unread={unread} />
    </IntentMount>
  )
}
