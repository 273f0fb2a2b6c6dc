// Fills the product slots (see components/product-slots.tsx). Visitors get a light vote button
// that asks them to log in; signed-in users' button (with the outbox) loads after sign-in, as do
// comments and reports, with the first page that uses them.
import { lazy, Suspense } from "react"
import type { CommentsSlotProps, ProductSlots, ReportSlotProps, VoteSlotProps } from "@/components/product-slots"
import { SignedOutVote } from "@/features/votes/components/signed-out-vote"
import { useAuth } from "@/lib/auth"

const VoteButton = lazy(() =>
  import("@/features/votes/components/vote-button").then((m) => ({ default: m.VoteButton })),
)
const CommentsSection = lazy(() =>
  import("@/features/comments/components/comments-section").then((m) => ({ default: m.CommentsSection })),
)
const ReportButton = lazy(() =>
  import("@/features/flags/components/report-button").then((m) => ({ default: m.ReportButton })),
)

function Vote(props: VoteSlotProps) {
  const { status } = useAuth()
  if (status !== "signed-in") return <SignedOutVote {...props} />
  return (
    <Suspense fallback={<SignedOutVote {...props} disabled />}>
      <VoteButton {...props} />
    </Suspense>
  )
}

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

export const productSlots: ProductSlots = { Vote, Report, Comments }
