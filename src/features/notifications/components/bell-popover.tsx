// The bell's popover (Headless UI): the 10 newest, 'Marcar todas', the push offer and the link to
// all of them. Mounted when the user reaches for the bell (IntentMount, notification-bell.tsx),
// which holds the list and passes it here.
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react"
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { Link } from "react-router-dom"
import { useNotificationSlots } from "@/components/notification-slots"
import { paths } from "@/config/paths"
import type { NotificationItem } from "../api/get-notifications"
import { BELL_BUTTON_CLASS, BellFace, bellLabel } from "./bell-face"
import { NotificationRow } from "./notification-row"
import { useOpenNotification } from "./use-open-notification"

export default function BellPopover({
  userId,
  unread,
  items,
}: {
  userId: string
  unread: number
  items: NotificationItem[]
}) {
  return (
    <Popover className="relative">
      {({ close }) => <BellPanel userId={userId} unread={unread} items={items} close={close} />}
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
  items: NotificationItem[]
  close: () => void
}) {
  const { open, markAllRead } = useOpenNotification(userId, close)
  const { PushOffer, preparePushOffer } = useNotificationSlots()
  // mounted as the user reaches for the bell, before it opens: the offer gets ready meanwhile
  const queryClient = useQueryClient()
  useEffect(() => preparePushOffer?.(queryClient, userId), [preparePushOffer, queryClient, userId])
  // the plain button's badge already pulsed for this count: only a new count pulses again
  const [shownFirst] = useState(unread)
  return (
    <>
      <PopoverButton className={BELL_BUTTON_CLASS} aria-label={bellLabel(unread)}>
        <BellFace unread={unread} pulse={unread !== shownFirst} />
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
