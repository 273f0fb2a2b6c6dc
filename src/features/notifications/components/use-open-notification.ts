import { useNavigate } from "react-router-dom"
import type { NotificationItem } from "../api/get-notifications"
import { useMarkAllRead } from "../api/mark-all-read"
import { useMarkRead } from "../api/mark-read"
import { notificationHref } from "./notification-text"

/** Clicking a notification marks it read and opens its product (and comment anchor). */
export function useOpenNotification(userId: string, after?: () => void) {
  const navigate = useNavigate()
  const markRead = useMarkRead(userId)
  const markAllRead = useMarkAllRead(userId)
  const open = (n: NotificationItem) => {
    if (!n.isRead) markRead(n.id)
    after?.()
    const href = notificationHref(n)
    if (href) navigate(href)
  }
  return { open, markAllRead }
}
