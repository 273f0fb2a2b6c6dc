// Fills the notification slots (see components/notification-slots.tsx): the bell's push offer
// loads when the user first reaches for the bell, never for visitors.
//
// The offer is drawn above the list only if it is ready as the panel opens. Drawn when its answer
// came, it pushed the notifications down between a finger's aim and its tap, and the tap meant for
// a comment's notification reached the offer (seen in CI). Not ready in time (a phone's first tap,
// where the reach and the tap are one), it waits for a later opening.
import type { QueryClient } from "@tanstack/react-query"
import { useState, type ComponentType } from "react"
import type { NotificationSlots, PushOfferSlotProps } from "@/components/notification-slots"

let Offer: ComponentType<PushOfferSlotProps> | null = null

function preparePushOffer(queryClient: QueryClient, userId: string) {
  import("@/features/push/components/push-offer").then(
    (m) => {
      Offer = m.default
      return m.prefetchPushOffer(queryClient, userId)
    },
    () => {
      /* no code (offline before the service worker holds the app): tried again at the next reach */
    },
  )
}

function PushOffer(props: PushOfferSlotProps) {
  // what was ready at the panel's first render, for as long as it stays open
  const [Ready] = useState(() => Offer)
  return Ready ? <Ready {...props} /> : null
}

export const notificationSlots: NotificationSlots = { PushOffer, preparePushOffer }
