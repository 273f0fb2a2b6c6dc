// A destructive action's confirmation ('Tem certeza?' / 'Deletar comentário?'): Cancelar or the
// red confirm button; both are disabled while the action runs.
import { cn } from "@/lib/cn"
import { Button } from "./button"
import { Dialog } from "./dialog"

export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel = "Deletar",
  busy = false,
}: {
  open: boolean
  onClose: () => void
  onConfirm: () => void
  title: string
  description: string
  confirmLabel?: string
  busy?: boolean
}) {
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} title={title}>
      <p className="text-sm text-stone-600">{description}</p>
      <DangerActions
        className="mt-6"
        onCancel={onClose}
        onConfirm={onConfirm}
        confirmLabel={confirmLabel}
        busy={busy}
      />
    </Dialog>
  )
}

/**
 * A destructive dialog's buttons: Cancelar and the red confirm button (stacked on a phone, the
 * confirm on top), both off while the action runs. Without `onConfirm` the confirm button submits
 * the dialog's form.
 */
export function DangerActions({
  onCancel,
  onConfirm,
  confirmLabel,
  busy,
  disabled = false,
  className,
}: {
  onCancel: () => void
  onConfirm?: () => void
  confirmLabel: string
  busy: boolean
  /** the confirm button is off for another reason too (e.g. an empty reason) */
  disabled?: boolean
  className?: string
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <button
        type={onConfirm ? "button" : "submit"}
        className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-50"
        onClick={onConfirm}
        disabled={disabled || busy}
        aria-busy={busy}
      >
        {confirmLabel}
      </button>
    </div>
  )
}
