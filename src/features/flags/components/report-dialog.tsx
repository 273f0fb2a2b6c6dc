// The report dialog: a required reason (10-500 characters, live counter), sent to the staff queue.
import { useId, useState } from "react"
import { Button } from "@/components/ui/button"
import { Dialog } from "@/components/ui/dialog"
import { toast } from "@/components/ui/toast"
import type { ReportTarget } from "@/components/product-slots"
import { limits, messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { graphemeCount, textProblem } from "@/config/text"
import { errorMessage } from "@/lib/pocketbase"
import { useCreateFlag } from "../api/create-flag"
import { settle } from "@/lib/settle"
import { useUnsavedInput } from "@/lib/activity"

export function ReportDialog({
  target,
  label,
  reporterId,
  onClose,
}: {
  target: ReportTarget
  label: string
  reporterId: string
  onClose: () => void
}) {
  const id = useId()
  const [reason, setReason] = useState("")
  const [touched, setTouched] = useState(false)
  const create = useCreateFlag()
  const { user } = useAuth()
  const error = textProblem(
    reason.trim(),
    limits.flagReason.min,
    limits.flagReason.max,
    messages.flagReasonMin,
    messages.flagReasonMax,
  )
  useUnsavedInput(reason.trim().length > 0)

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (error || create.isPending) return
    settle(
      create,
      { target, reporterId, reason },
      {
        onSuccess: () => {
          toast({
            title: messages.flagSent,
            description: user?.verified
              ? "Nossa equipe vai analisar. Obrigado por avisar."
              : "Ela chega à equipe quando você confirmar seu email.",
          })
          onClose()
        },
        onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
      },
    )
  }

  return (
    <Dialog open onClose={() => !create.isPending && onClose()} title="Denunciar">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-stone-600">Conte para a equipe de moderação o que há de errado com este {label}.</p>
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-stone-800">
            Motivo
          </label>
          <textarea
            id={id}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            rows={4}
            autoFocus
            aria-invalid={touched && !!error}
            aria-describedby={touched && error ? `${id}-error` : undefined}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          <div className="flex justify-between gap-3 text-xs">
            <span id={`${id}-error`} className="text-red-700">
              {touched && error}
            </span>
            <span className="text-stone-500 tabular-nums">
              {graphemeCount(reason)}/{limits.flagReason.max}
            </span>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
            Enviar denúncia
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
