// Fills the follow slot (components/follow-slot.tsx): visitors get a light button that asks them
// to log in; signed-in users' button (with the outbox) loads after sign-in. Both load with the
// first page that shows one (a maker page, a product page), never on /home. Nobody follows
// themselves: on one's own maker page and products the slot stays empty.
import { lazy, Suspense } from "react"
import type { FollowSlotProps } from "@/components/follow-slot"
import { useAuth } from "@/lib/auth"

const SignedOutFollow = lazy(() =>
  import("@/features/follows/components/signed-out-follow").then((m) => ({ default: m.SignedOutFollow })),
)
const FollowButton = lazy(() =>
  import("@/features/follows/components/follow-button").then((m) => ({ default: m.FollowButton })),
)

export default function FollowSlot(props: FollowSlotProps) {
  const { status, user } = useAuth()
  if (user?.id === props.makerId || status === "loading") return null
  const fallback = <span className={`inline-block h-9 w-28 rounded-lg bg-stone-100 ${props.className ?? ""}`} />
  return (
    <Suspense fallback={fallback}>
      {status === "signed-in" ? <FollowButton {...props} /> : <SignedOutFollow {...props} />}
    </Suspense>
  )
}
