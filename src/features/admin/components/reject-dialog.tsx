// Rejecting needs a reason: the confirm button stays disabled while the trimmed reason is empty.
import { useId, useState } from "react"
import { DangerActions } from "@/components/ui/confirm-dialog"
import { Dialog } from "@/components/ui/dialog"
import { limits, messages } from "@/config/rules"
import { graphemeCount, textProblem } from "@/config/text"

export function RejectDialog({
  title,
  busy,
  onClose,
  onConfirm,
}: {
  title: string
  busy: boolean
  onClose: () => void
  onConfirm: (reason: string) => void
}) {
  const id = useId()
  const [reason, setReason] = useState("")
  // the server's rule: real text (not only invisible characters), at most the limit
  const empty =
    textProblem(reason.trim(), limits.rejectReason.min, limits.rejectReason.max, "vazio", messages.rejectReasonMax) !==
    ""
  return (
    <Dialog open onClose={() => !busy && onClose()} title="Rejeitar produto">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (!empty && !busy) onConfirm(reason.trim())
        }}
      >
        <p className="text-sm text-stone-600">
          Diga ao maker por que “{title}” não foi aprovado. Ele verá este motivo.
        </p>
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-stone-800">
            Motivo da rejeição
          </label>
          <textarea
            id={id}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={4}
            autoFocus
            className="block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          <p className="text-right text-xs text-stone-500 tabular-nums">
            {graphemeCount(reason)}/{limits.rejectReason.max}
          </p>
        </div>
        <DangerActions onCancel={onClose} confirmLabel="Rejeitar" busy={busy} disabled={empty} />
      </form>
    </Dialog>
  )
}
