// The bell's one-time offer 'Ativar notificações no celular' for a signed-in user with push on no
// device (lazy: loads when the user reaches for the bell, app/fill-notification-slots.tsx). Shown
// once per user on this browser, and only at an opening where its answer is already known; it
// links to the profile section, where the permission is asked after a tap.
import { useQueryClient, type QueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { Link } from "react-router-dom"
import type { PushOfferSlotProps } from "@/components/notification-slots"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { subscriptionCountQueryOptions } from "../api/get-subscription-count"
import { pushSupport } from "../device"
import { PUSH_SECTION_ID } from "../section"

const seenKey = (userId: string) => `vitrine.push-offer-seen.${userId}`

function seenBefore(userId: string): boolean {
  try {
    return localStorage.getItem(seenKey(userId)) === "1"
  } catch {
    return true
  }
}

function eligible(userId: string): boolean {
  return !!userId && !seenBefore(userId) && pushSupport() !== "unsupported"
}

/** Fetches the device count the offer needs (only for a user it may still be offered to). */
export async function prefetchPushOffer(queryClient: QueryClient, userId: string) {
  if (eligible(userId)) await queryClient.prefetchQuery(subscriptionCountQueryOptions(userId))
}

export default function PushOffer({ onNavigate }: PushOfferSlotProps) {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const queryClient = useQueryClient()
  // decided as the panel opens, from the count fetched when the user reached for the bell, and kept
  // while it is open: an offer that appeared (or went) later would move the notifications under a finger
  const [show] = useState(
    () => eligible(userId) && queryClient.getQueryData(subscriptionCountQueryOptions(userId).queryKey) === 0,
  )

  useEffect(() => {
    if (!show) return
    try {
      localStorage.setItem(seenKey(userId), "1")
    } catch {
      /* shown again next time: harmless */
    }
  }, [show, userId])

  if (!show) return null
  return (
    <div className="border-b border-stone-100 bg-brand-50/70 px-4 py-3">
      <p className="text-sm text-stone-700">Saiba na hora quando votarem ou comentarem nos seus produtos.</p>
      <Link
        to={`${paths.profile}#${PUSH_SECTION_ID}`}
        onClick={onNavigate}
        className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        Ativar notificações no celular
      </Link>
    </div>
  )
}
