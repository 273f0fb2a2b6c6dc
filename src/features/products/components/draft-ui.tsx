// What the product form says about its draft: 'Rascunho restaurado' with 'Descartar rascunho', and
// 'Descartar alterações?' when the user leaves with unsaved changes.
import { Button } from "@/components/ui/button"
import { ConfirmDialog } from "@/components/ui/confirm-dialog"
import type { useProductDraft } from "./use-product-draft"

type Draft = ReturnType<typeof useProductDraft>

export function DraftRestored({ draft }: { draft: Draft }) {
  if (!draft.restored) return null
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200"
    >
      <span>Rascunho restaurado</span>
      <Button variant="secondary" onClick={() => void draft.discard()}>
        Descartar rascunho
      </Button>
    </div>
  )
}

export function LeaveDialog({ draft }: { draft: Draft }) {
  return (
    <ConfirmDialog
      open={draft.leaving}
      onClose={draft.stay}
      onConfirm={() => void draft.leave()}
      title="Descartar alterações?"
      description="O que você escreveu neste formulário será perdido."
      confirmLabel="Descartar"
    />
  )
}
