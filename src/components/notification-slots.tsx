// The bell (notifications slice) offers push (push slice) without importing it: the app layer
// fills this slot (app/provider.tsx). An empty slot renders nothing.
import type { QueryClient } from "@tanstack/react-query"
import { createContext, useContext, type ComponentType } from "react"

export interface PushOfferSlotProps {
  /** closes the popover before following the offer's link */
  onNavigate: () => void
}

export interface NotificationSlots {
  /** drawn at the top of the open panel, or not at all for this opening (it never pops in later) */
  PushOffer?: ComponentType<PushOfferSlotProps>
  /** the user reached for the bell: whatever the offer needs is fetched, so it can be there as the panel opens */
  preparePushOffer?: (queryClient: QueryClient, userId: string) => void
}

export const NotificationSlotsContext = createContext<NotificationSlots>({})

export function useNotificationSlots(): NotificationSlots {
  return useContext(NotificationSlotsContext)
}
