// Modal dialog (Headless UI: focus trap, Escape, labelled). Loaded lazily with the dialogs that
// use it, so the first route does not pay for Headless UI.
import { Dialog as HDialog, DialogPanel, DialogTitle } from "@headlessui/react"
import type { ReactNode } from "react"

export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
}) {
  return (
    <HDialog open={open} onClose={onClose} className="fixed inset-0 z-40">
      <div className="fixed inset-0 bg-stone-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-md sm:rounded-2xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-m-2 rounded-lg p-2 text-stone-500 hover:text-stone-700"
              aria-label="Fechar janela"
            >
              ×
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </HDialog>
  )
}
