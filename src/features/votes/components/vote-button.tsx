// The vote button of signed-in users, on cards and the product page (loaded after sign-in; see
// signed-out-vote.tsx for visitors). Signed out it asks to log in; signed in the vote
// goes to the outbox and is sent at once: 'Voto registrado! 🎉' / 'Voto removido' when the server
// took it, a 'pendente' mark while it waits for the network, the server's message when refused.
import { useQuery } from "@tanstack/react-query"
import { toast } from "@/components/ui/toast"
import type { VoteSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { newRecordId } from "@/lib/ids"
import { errorMessage } from "@/lib/pocketbase"
import { settle } from "@/lib/settle"
import { useOutbox } from "@/lib/use-outbox"
import { useMyVotes, voteKeys } from "../api/my-votes"
import { useToggleVote, VOTE_KIND, type VoteInput } from "../api/set-vote"
import { VoteButtonView, voteLabel } from "./vote-button-view"

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

  const label = voteLabel(title, shown, voted, pending)
  return (
    <VoteButtonView
      variant={variant}
      voted={voted}
      shown={shown}
      pending={pending}
      label={label}
      onClick={onClick}
      disabled={disabled}
    />
  )
}
