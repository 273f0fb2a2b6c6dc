// The header bell (notifications slice) with the app's notification slots filled (the push
// slice's offer). Loaded lazily by the header for signed-in users, so visitors download neither.
import { NotificationSlotsContext } from "@/components/notification-slots"
import NotificationBell from "@/features/notifications/components/notification-bell"
import { notificationSlots } from "../fill-notification-slots"

export default function Bell() {
  return (
    <NotificationSlotsContext value={notificationSlots}>
      <NotificationBell />
    </NotificationSlotsContext>
  )
}
