// The vote button of signed-in users, on cards and the product page (loaded after sign-in; see
// signed-out-vote.tsx for visitors). The vote goes to the outbox and is sent at once: 'Voto
// registrado! 🎉' / 'Voto removido' when the server took it; when it waits, the toast says why
// (no connection, or another send under way) and the button shows 'pendente'; the server's
// message when refused. A tap on a pending vote changes the waiting vote (one request in the end)
// and says so; a tap while the last one is still being handed over asks to wait.
import { useAuthDialog } from "@/components/auth-dialog"
import { toast } from "@/components/ui/toast"
import type { VoteSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { newRecordId } from "@/lib/ids"
import { isSecondClick } from "@/lib/double-click"
import { errorMessage } from "@/lib/pocketbase"
import { settle } from "@/lib/settle"
import { useMark } from "@/lib/user-toggles"
import { newestCount, useLatestCount } from "../api/latest-count"
import { myVotesQueryOptions } from "../api/my-votes"
import { useToggleVote, VOTE_KIND, type VoteInput, type VoteResult } from "../api/set-vote"
import { VoteButtonView, voteLabel } from "./vote-button-view"

const voteMark = (vote: VoteInput) => ({ target: vote.productId, on: vote.voted })

export function VoteButton({ productId, title, count, countAt, variant, disabled }: VoteSlotProps) {
  const { status } = useAuth()
  const { openDialog } = useAuthDialog()
  const signedIn = status === "signed-in"
  const mark = useMark(myVotesQueryOptions, VOTE_KIND, productId, voteMark)
  const { data: latest } = useLatestCount(productId)
  const toggle = useToggleVote()
  const serverVoted = signedIn && mark.server
  const voted = mark.queued ?? serverVoted
  const base = newestCount(count, countAt, latest)
  const shown = Math.max(0, base + (voted === serverVoted ? 0 : voted ? 1 : -1))
  const pending = mark.queued !== undefined

  const onClick = (event?: { detail: number }) => {
    if (isSecondClick(event)) return
    if (!signedIn) {
      toast({ title: messages.loginToVote, variant: "info" })
      openDialog("login")
      return
    }
    if (toggle.isPending) {
      toast({ title: "Aguarde", description: "Seu voto anterior ainda está sendo enviado.", variant: "info" })
      return
    }
    const next = !voted
    const wasPending = pending
    settle(
      toggle,
      { productId, voted: next, voteId: newRecordId(), title },
      {
        onSuccess: (outcome) => {
          if (outcome.status === "sent") {
            const waits = next && (outcome.result as VoteResult | undefined)?.counted === false
            toast(
              waits
                ? {
                    title: "Voto registrado! 🎉",
                    description: "Ele passa a contar quando você confirmar seu email.",
                    variant: "info",
                  }
                : { title: next ? "Voto registrado! 🎉" : "Voto removido" },
            )
          } else if (wasPending && next === serverVoted)
            toast({ title: "Voto pendente cancelado", description: "Nada muda no servidor.", variant: "info" })
          else if (outcome.status === "offline")
            toast({
              title: "Sem conexão",
              description: "Seu voto foi salvo e será enviado quando a conexão voltar.",
              variant: "info",
            })
          else toast({ title: "Voto na fila", description: "Seu voto será enviado em instantes.", variant: "info" })
        },
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
