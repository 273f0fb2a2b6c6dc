// The vote button for visitors: the count, and a click asks to log in ('Login necessário para
// votar'). Carries no outbox code, so the first page of a visitor stays light.
import { toast } from "@/components/ui/toast"
import type { VoteSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { VoteButtonView, voteLabel } from "./vote-button-view"

export function SignedOutVote({ title, count, variant, disabled }: VoteSlotProps) {
  const { openDialog } = useAuth()
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
        openDialog("login")
      }}
    />
  )
}
