// The vote button of cards and the product page. Signed out it asks to log in; signed in the vote
// goes to the outbox and is sent at once: 'Voto registrado! 🎉' / 'Voto removido' when the server
// took it, a 'pendente' mark while it waits for the network, the server's message when refused.
import { useQuery } from "@tanstack/react-query"
import { ArrowUpIcon } from "@/components/ui/icons"
import { toast } from "@/components/ui/toast"
import type { VoteSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { cn } from "@/lib/cn"
import { newRecordId } from "@/lib/ids"
import { errorMessage } from "@/lib/pocketbase"
import { settle } from "@/lib/settle"
import { useOutbox } from "@/lib/use-outbox"
import { useMyVotes, voteKeys } from "../api/my-votes"
import { useToggleVote, VOTE_KIND, type VoteInput } from "../api/set-vote"

export function VoteButton({ productId, title, count, variant, disabled }: VoteSlotProps) {
  const { status, openDialog } = useAuth()
  const signedIn = status === "signed-in"
  const { data: mine } = useMyVotes()
  const { data: latest } = useQuery<number | null>({
    queryKey: voteKeys.count(productId),
    queryFn: () => null,
    enabled: false,
  })
  const queued = useOutbox(VOTE_KIND)
    .filter((o) => o.state === "pending" && (o.payload as VoteInput).productId === productId)
    .at(-1)
  const toggle = useToggleVote()
  const serverVoted = signedIn && !!mine?.[productId]
  const voted = queued ? (queued.payload as VoteInput).voted : serverVoted
  const base = latest ?? count
  const shown = Math.max(0, base + (voted === serverVoted ? 0 : voted ? 1 : -1))
  const pending = !!queued

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
      { productId, voted: next, voteId: newRecordId() },
      {
        onSuccess: (outcome) =>
          outcome.status === "sent"
            ? toast({ title: next ? "Voto registrado! 🎉" : "Voto removido" })
            : toast({
                title: "Sem conexão",
                description: "Seu voto foi salvo e será enviado quando a conexão voltar.",
                variant: "info",
              }),
        onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
      },
    )
  }

  const label =
    `${voted ? "Remover voto de" : "Votar em"} ${title} (${shown} ${shown === 1 ? "voto" : "votos"})` +
    (pending ? ", pendente" : "")
  const pendingMark = pending && (
    <span className="text-[10px] font-semibold tracking-wide uppercase opacity-80" data-testid="vote-pending">
      pendente
    </span>
  )
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
            : "bg-white text-stone-800 ring-stone-300 hover:text-brand-700 hover:ring-brand-500",
          pending && "ring-2 ring-amber-400 ring-offset-1",
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
        {pendingMark}
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
        pending && "border-dashed border-amber-500",
      )}
    >
      <ArrowUpIcon className="size-4" />
      {shown}
      {pendingMark}
    </button>
  )
}
