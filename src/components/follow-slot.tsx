// The maker page (profiles slice) and the product page's 'Criado por' card (products slice) show
// the follow button of the follows slice without importing it: the app layer fills this slot
// (app/provider.tsx). An empty slot renders nothing.
import { createContext, useContext, type ComponentType } from "react"

export interface FollowSlotProps {
  /** the maker's user id */
  makerId: string
  /** for the button's accessible name and the toasts */
  makerName: string
  className?: string
}

export interface FollowSlots {
  Follow?: ComponentType<FollowSlotProps>
}

export const FollowSlotContext = createContext<FollowSlots>({})

export function useFollowSlot(): FollowSlots {
  return useContext(FollowSlotContext)
}
