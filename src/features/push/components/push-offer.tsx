// The bell's one-time offer 'Ativar notificações no celular' for a signed-in user with push on no
// device (lazy: loads when the bell opens). Shown once per user on this browser; it links to the
// profile section, where the permission is asked after a tap.
import { useEffect, useState } from "react"
import { Link } from "react-router-dom"
import type { PushOfferSlotProps } from "@/components/notification-slots"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { useSubscriptionCount } from "../api/get-subscription-count"
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

export default function PushOffer({ onNavigate }: PushOfferSlotProps) {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  // read once: the offer stays up while this popover is open, even after it is recorded as seen
  const [eligible] = useState(() => !!userId && !seenBefore(userId) && pushSupport() !== "unsupported")
  const count = useSubscriptionCount(userId, eligible)
  const show = eligible && count.data === 0

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
