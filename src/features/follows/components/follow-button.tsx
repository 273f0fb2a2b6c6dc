// The follow button of signed-in users, on a maker page and the product page's 'Criado por' card
// (loaded after sign-in; see signed-out-follow.tsx for visitors). The change goes to the outbox and
// is sent at once: 'Agora você segue X' / 'Você deixou de seguir X' when the server took it; when
// it waits (no connection, another send under way) the toast says so and the button shows
// 'pendente' until the server confirms; the server's message when refused.
import type { FollowSlotProps } from "@/components/follow-slot"
import { toast } from "@/components/ui/toast"
import { isSecondClick } from "@/lib/double-click"
import { newRecordId } from "@/lib/ids"
import { errorMessage } from "@/lib/pocketbase"
import { settle } from "@/lib/settle"
import { useMark } from "@/lib/user-toggles"
import { myFollowsQueryOptions } from "../api/my-follows"
import { FOLLOW_KIND, useToggleFollow, type FollowInput } from "../api/set-follow"
import { FollowButtonView } from "./follow-button-view"

const followMark = (follow: FollowInput) => ({ target: follow.makerId, on: follow.following })

export function FollowButton({ makerId, makerName, className }: FollowSlotProps) {
  const mark = useMark(myFollowsQueryOptions, FOLLOW_KIND, makerId, followMark)
  const toggle = useToggleFollow()
  const following = mark.queued ?? mark.server

  const onClick = (event?: { detail: number }) => {
    if (isSecondClick(event)) return
    if (toggle.isPending) {
      toast({ title: "Aguarde", description: "A mudança anterior ainda está sendo enviada.", variant: "info" })
      return
    }
    const next = !following
    settle(
      toggle,
      { makerId, following: next, followId: newRecordId(), makerName },
      {
        onSuccess: (outcome) => {
          if (outcome.status === "sent")
            toast({ title: next ? `Agora você segue ${makerName}` : `Você deixou de seguir ${makerName}` })
          else if (outcome.status === "offline")
            toast({
              title: "Sem conexão",
              description: "Salvo neste aparelho: será enviado quando a conexão voltar.",
              variant: "info",
            })
          else toast({ title: "Na fila", description: "Será enviado em instantes.", variant: "info" })
        },
        onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
      },
    )
  }

  return (
    <FollowButtonView
      following={following}
      pending={mark.queued !== undefined}
      makerName={makerName}
      className={className}
      onClick={onClick}
    />
  )
}
