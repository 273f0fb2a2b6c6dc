// 'Denunciar': signed-out asks to log in; signed-in opens the reason dialog (loaded on first use).
import { lazy, Suspense, useState } from "react"
import { useAuthDialog } from "@/components/auth-dialog"
import { toast } from "@/components/ui/toast"
import type { ReportSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { cn } from "@/lib/cn"

const ReportDialog = lazy(() => import("./report-dialog").then((m) => ({ default: m.ReportDialog })))

export function ReportButton({ target, label, className }: ReportSlotProps) {
  const { user } = useAuth()
  const { openDialog } = useAuthDialog()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={cn(className)}
        aria-label={`Denunciar ${label}`}
        onClick={() => {
          if (!user) {
            toast({ title: messages.loginRequired, variant: "info" })
            openDialog("login", () => setOpen(true)) // the report dialog opens once signed in
            return
          }
          setOpen(true)
        }}
      >
        Denunciar
      </button>
      {open && user && (
        <Suspense fallback={null}>
          <ReportDialog target={target} label={label} reporterId={user.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
