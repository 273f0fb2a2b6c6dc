// The bell (notifications slice) offers push (push slice) without importing it: the app layer
// fills this slot (app/provider.tsx). An empty slot renders nothing.
import { createContext, useContext, type ComponentType } from "react"

export interface PushOfferSlotProps {
  /** closes the popover before following the offer's link */
  onNavigate: () => void
}

export interface NotificationSlots {
  PushOffer?: ComponentType<PushOfferSlotProps>
}

export const NotificationSlotsContext = createContext<NotificationSlots>({})

export function useNotificationSlots(): NotificationSlots {
  return useContext(NotificationSlotsContext)
}
