// Fills the notification slots (see components/notification-slots.tsx): the bell's push offer
// loads with the first opened popover, never for visitors.
import { lazy, Suspense } from "react"
import type { NotificationSlots, PushOfferSlotProps } from "@/components/notification-slots"

const Offer = lazy(() => import("@/features/push/components/push-offer"))

function PushOffer(props: PushOfferSlotProps) {
  return (
    <Suspense fallback={null}>
      <Offer {...props} />
    </Suspense>
  )
}

export const notificationSlots: NotificationSlots = { PushOffer }
