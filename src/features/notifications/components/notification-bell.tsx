// The header bell of a signed-in user: unread badge (9+ above 9), a 2 s pulse when there are
// unread ones, and a popover with the 10 newest. Lazy-loaded (Headless UI) for signed-in users.
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react"
import { Link } from "react-router-dom"
import { useNotificationSlots } from "@/components/notification-slots"
import { BellIcon } from "@/components/ui/icons"
import { paths } from "@/config/paths"
import { limits } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { useNotifications } from "../api/get-notifications"
import { useNotificationsRealtime } from "../api/use-notifications-realtime"
import { NotificationRow } from "./notification-row"
import { useOpenNotification } from "./use-open-notification"

export default function NotificationBell() {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const { data = [] } = useNotifications(userId)
  useNotificationsRealtime(userId)
  const unread = data.filter((n) => !n.isRead).length

  return (
    <Popover className="relative">
      {({ close }) => (
        <BellPanel userId={userId} unread={unread} items={data.slice(0, limits.notificationsPopover)} close={close} />
      )}
    </Popover>
  )
}

function BellPanel({
  userId,
  unread,
  items,
  close,
}: {
  userId: string
  unread: number
  items: ReturnType<typeof useNotifications>["data"] & object
  close: () => void
}) {
  const { open, markAllRead } = useOpenNotification(userId, close)
  const { PushOffer } = useNotificationSlots()
  return (
    <>
      <PopoverButton
        className="relative flex size-9 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        // the badge's text ('9+') is part of the name, as what is seen must be what can be said
        aria-label={unread > 0 ? `Notificações, ${unread > 9 ? "9+" : unread} não lidas` : "Notificações"}
      >
        <BellIcon className="size-5" />
        {unread > 0 && (
          // keyed by the count: each change remounts the badge, which pulses for 2 s (2 x 1 s)
          <span
            key={unread}
            data-testid="bell-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 animate-[pulse_1s_ease-in-out_2] items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] font-bold text-white"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-40 mt-2 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-stone-200"
      >
        <div className="flex items-center justify-between border-b border-stone-100 px-4 py-3">
          <p className="font-semibold">Notificações</p>
          {unread > 0 && (
            <button
              type="button"
              className="text-xs font-semibold text-brand-700 hover:underline"
              onClick={() => markAllRead()}
            >
              Marcar todas
            </button>
          )}
        </div>
        {PushOffer && <PushOffer onNavigate={close} />}
        {items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-stone-500">Nenhuma notificação ainda</p>
        ) : (
          <ul className="max-h-96 divide-y divide-stone-100 overflow-y-auto">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationRow n={n} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
        <Link
          to={paths.notifications}
          onClick={close}
          className="block border-t border-stone-100 px-4 py-3 text-center text-sm font-semibold text-brand-700 hover:bg-stone-50"
        >
          Ver todas as notificações
        </Link>
      </PopoverPanel>
    </>
  )
}
