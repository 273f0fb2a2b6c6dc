// Slices do not import each other, yet a product card shows the vote button (votes slice) and the
// product page shows comments (comments slice) and report buttons (flags slice). The app layer
// fills these slots once (app/provider.tsx); a slot left empty renders nothing.
import { createContext, useContext, type ComponentType } from "react"

export interface VoteSlotProps {
  productId: string
  title: string
  count: number
  /** when the server gave `count` (ms since epoch): a newer count from the user's own vote wins */
  countAt?: number
  variant: "card" | "detail"
  /** only approved products take votes */
  disabled?: boolean
}

export type ReportTarget =
  { type: "product"; productId: string } | { type: "comment"; productId: string; commentId: string }

export interface ReportSlotProps {
  target: ReportTarget
  /** what is reported, for the dialog's label */
  label: string
  className?: string
}

export interface CommentsSlotProps {
  productId: string
  productOwnerId: string
  /** for the pending list: which product a queued comment is on, and its page */
  productTitle: string
  productPath: string
  /** the product takes comments (approved) */
  open: boolean
  /** called after a comment was added or removed, so the product's counters can be re-read */
  onChanged?: () => void
}

export interface ProductSlots {
  Vote?: ComponentType<VoteSlotProps>
  Report?: ComponentType<ReportSlotProps>
  Comments?: ComponentType<CommentsSlotProps>
}

export const ProductSlotsContext = createContext<ProductSlots>({})

export function useProductSlots(): ProductSlots {
  return useContext(ProductSlotsContext)
}
