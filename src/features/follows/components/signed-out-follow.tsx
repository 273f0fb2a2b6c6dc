// The follow button for visitors: a tap asks to log in ('Login necessário para seguir'). Carries no
// outbox code, so a visitor's first page stays light.
import { useQueryClient } from "@tanstack/react-query"
import { useAuthDialog } from "@/components/auth-dialog"
import type { FollowSlotProps } from "@/components/follow-slot"
import { toast } from "@/components/ui/toast"
import { messages } from "@/config/rules"
import { FollowButtonView } from "./follow-button-view"

export function SignedOutFollow({ makerId, makerName, className }: FollowSlotProps) {
  const { openDialog } = useAuthDialog()
  const qc = useQueryClient()
  return (
    <FollowButtonView
      following={false}
      pending={false}
      makerName={makerName}
      className={className}
      onClick={() => {
        toast({ title: messages.loginToFollow, variant: "info" })
        // the follow that asked for the login happens right after it
        openDialog("login", (userId) => {
          if (userId === makerId) return // nobody follows themselves
          void import("../api/set-follow")
            .then((m) => m.followAfterLogin(qc, makerId, makerName, userId))
            .catch((err: unknown) => toast({ title: (err as Error).message, variant: "error" }))
        })
      }}
    />
  )
}
