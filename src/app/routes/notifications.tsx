import { NotificationsPage } from "@/features/notifications/components/notifications-page"

export default NotificationsPage
