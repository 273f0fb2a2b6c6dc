import { Avatar } from "@/components/ui/avatar"
import { cn } from "@/lib/cn"
import type { NotificationItem } from "../api/get-notifications"
import { timeAgo } from "@/lib/time-ago"
import { notificationText } from "./notification-text"

export function NotificationRow({ n, onOpen }: { n: NotificationItem; onOpen: (n: NotificationItem) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(n)}
      className={cn(
        "flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-stone-50",
        !n.isRead && "bg-brand-50/60",
      )}
    >
      <Avatar name={n.actor?.displayName ?? "Vitrine"} src={n.actor?.avatarUrl} size={36} />
      <span className="min-w-0 flex-1">
        <span className="block text-sm text-stone-800">{notificationText(n)}</span>
        <span className="mt-0.5 block text-xs text-stone-500">{timeAgo(n.created)}</span>
      </span>
      {!n.isRead && <span className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" aria-label="Não lida" />}
    </button>
  )
}
