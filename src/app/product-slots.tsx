// Fills the product slots (see components/product-slots.tsx): the vote button is small and on
// every card, so it loads with the app; comments and reports load with the first page using them.
import { lazy, Suspense } from "react"
import type { CommentsSlotProps, ProductSlots, ReportSlotProps } from "@/components/product-slots"
import { VoteButton } from "@/features/votes/components/vote-button"

const CommentsSection = lazy(() =>
  import("@/features/comments/components/comments-section").then((m) => ({ default: m.CommentsSection })),
)
const ReportButton = lazy(() =>
  import("@/features/flags/components/report-button").then((m) => ({ default: m.ReportButton })),
)

function Comments(props: CommentsSlotProps) {
  return (
    <Suspense fallback={<div className="mt-4 h-24 animate-pulse rounded-xl bg-stone-100" aria-busy="true" />}>
      <CommentsSection {...props} />
    </Suspense>
  )
}

function Report(props: ReportSlotProps) {
  return (
    <Suspense fallback={<span className={props.className}>Denunciar</span>}>
      <ReportButton {...props} />
    </Suspense>
  )
}

export const productSlots: ProductSlots = { Vote: VoteButton, Report, Comments }
