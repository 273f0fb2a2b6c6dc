// The vote button of cards and the product page. Signed out it asks to log in; signed in it
// toggles the vote at once and says so ('Voto registrado! 🎉' / 'Voto removido'); a failure puts
// the button back and shows the server's message.
import { useQuery } from "@tanstack/react-query"
import { ArrowUpIcon } from "@/components/ui/icons"
import { toast } from "@/components/ui/toast"
import type { VoteSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { cn } from "@/lib/cn"
import { newRecordId } from "@/lib/ids"
import { errorMessage } from "@/lib/pocketbase"
import { useMyVotes, voteKeys } from "../api/my-votes"
import { useToggleVote } from "../api/set-vote"
import { settle } from "@/lib/settle"

export function VoteButton({ productId, title, count, variant, disabled }: VoteSlotProps) {
  const { status, openDialog } = useAuth()
  const signedIn = status === "signed-in"
  const { data: mine } = useMyVotes()
  const { data: latest } = useQuery<number | null>({
    queryKey: voteKeys.count(productId),
    queryFn: () => null,
    enabled: false,
  })
  const toggle = useToggleVote()
  const voted = signedIn && !!mine?.[productId]
  const shown = latest ?? count

  const onClick = () => {
    if (!signedIn) {
      toast({ title: messages.loginToVote, variant: "info" })
      openDialog("login")
      return
    }
    if (toggle.isPending) return // a double click sends one toggle
    const next = !voted
    settle(
      toggle,
      { productId, voted: next, voteId: next ? newRecordId() : undefined, shownCount: shown },
      {
        onSuccess: () => toast({ title: next ? "Voto registrado! 🎉" : "Voto removido" }),
        onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
      },
    )
  }

  const label = `${voted ? "Remover voto de" : "Votar em"} ${title} (${shown} ${shown === 1 ? "voto" : "votos"})`
  if (variant === "detail")
    return (
      <button
        type="button"
        onClick={onClick}
        disabled={disabled}
        aria-pressed={voted}
        aria-label={label}
        className={cn(
          "inline-flex items-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold shadow-sm ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50",
          voted
            ? "bg-brand-600 text-white ring-brand-600 hover:bg-brand-700"
            : "bg-white text-stone-800 ring-stone-300 hover:ring-brand-500 hover:text-brand-700",
        )}
      >
        <ArrowUpIcon className="size-5" />
        <span>{voted ? "Votado" : "Votar"}</span>
        <span
          className={cn(
            "rounded-md px-1.5 py-0.5 text-xs tabular-nums",
            voted ? "bg-white/20" : "bg-stone-100 text-stone-700",
          )}
        >
          {shown}
        </span>
      </button>
    )
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={voted}
      aria-label={label}
      className={cn(
        "flex items-center gap-1 rounded-lg border px-2.5 py-1 font-semibold tabular-nums transition disabled:opacity-50",
        voted
          ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
          : "border-stone-300 text-stone-700 hover:border-brand-500 hover:text-brand-700",
      )}
    >
      <ArrowUpIcon className="size-4" />
      {shown}
    </button>
  )
}
