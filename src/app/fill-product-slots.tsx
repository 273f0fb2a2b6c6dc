// Fills the product slots (see components/product-slots.tsx). Visitors get a light vote button
// that asks them to log in; signed-in users' button (with the outbox and its IndexedDB code),
// comments and reports load once the page is up (src/lib/after-load.ts): until then the vote
// button shows its count, disabled, and comments a placeholder.
import { lazy, Suspense } from "react"
import type { CommentsSlotProps, ProductSlots, ReportSlotProps, VoteSlotProps } from "@/components/product-slots"
import { SignedOutVote } from "@/features/votes/components/signed-out-vote"
import { useAfterLoad } from "@/lib/after-load"
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
  const ready = useAfterLoad()
  if (status !== "signed-in") return <SignedOutVote {...props} />
  const waiting = <SignedOutVote {...props} disabled />
  return <Suspense fallback={waiting}>{ready ? <VoteButton {...props} /> : waiting}</Suspense>
}

function Comments(props: CommentsSlotProps) {
  const ready = useAfterLoad()
  const waiting = <div className="mt-4 h-24 animate-pulse rounded-xl bg-stone-100" aria-busy="true" />
  return <Suspense fallback={waiting}>{ready ? <CommentsSection {...props} /> : waiting}</Suspense>
}

function Report(props: ReportSlotProps) {
  const ready = useAfterLoad()
  const waiting = <span className={props.className}>Denunciar</span>
  return <Suspense fallback={waiting}>{ready ? <ReportButton {...props} /> : waiting}</Suspense>
}

export const productSlots: ProductSlots = { Vote, Report, Comments }
