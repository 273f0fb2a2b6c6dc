// The vote button for visitors: the count, and a click asks to log in ('Login necessário para
// votar'); once signed in, that vote is cast. Carries no outbox code (loaded only after the
// login), so the first page of a visitor stays light.
import { useQueryClient } from "@tanstack/react-query"
import { useAuthDialog } from "@/components/auth-dialog"
import { toast } from "@/components/ui/toast"
import type { VoteSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { VoteButtonView, voteLabel } from "./vote-button-view"

export function SignedOutVote({ productId, title, count, variant, disabled }: VoteSlotProps) {
  const { openDialog } = useAuthDialog()
  const qc = useQueryClient()
  return (
    <VoteButtonView
      variant={variant}
      voted={false}
      shown={count}
      pending={false}
      label={voteLabel(title, count, false)}
      disabled={disabled}
      onClick={() => {
        toast({ title: messages.loginToVote, variant: "info" })
        // the vote that asked for the login is cast right after it (the outbox code loads then)
        openDialog("login", (userId) => {
          void import("../api/set-vote")
            .then((m) => m.voteAfterLogin(qc, productId, title, userId))
            .then((outcome) =>
              toast(
                outcome.status === "sent"
                  ? { title: "Voto registrado! 🎉" }
                  : { title: "Voto salvo", description: "Ele será enviado em instantes.", variant: "info" },
              ),
            )
            .catch((err: unknown) => toast({ title: (err as Error).message, variant: "error" }))
        })
      }}
    />
  )
}
