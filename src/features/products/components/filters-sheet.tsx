// Phones: the filters in a sheet that slides in from the left. Loaded on the first tap on
// 'Filtros', so Headless UI's dialog code stays out of the first route's JavaScript.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react"
import type { Facets } from "../types"
import { ClearFiltersButton, FiltersPanel, type FilterValues } from "./filters-panel"
import type { ListingChanges } from "./listing-params"

export default function FiltersSheet({
  open,
  onClose,
  facets,
  values,
  onChange,
}: {
  open: boolean
  onClose: () => void
  facets: Facets | undefined
  values: FilterValues
  onChange: (changes: ListingChanges) => void
}) {
  return (
    <Dialog open={open} onClose={onClose} transition className="fixed inset-0 z-40 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-stone-900/40 transition-opacity duration-200 ease-out data-closed:opacity-0"
      />
      <DialogPanel
        transition
        className="fixed inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl transition duration-200 ease-out data-closed:-translate-x-full"
      >
        <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
          <DialogTitle className="mr-auto text-lg font-semibold">Filtros</DialogTitle>
          <ClearFiltersButton values={values} onChange={onChange} />
          <button
            type="button"
            onClick={onClose}
            className="-m-2 rounded-lg p-2 text-2xl leading-none text-stone-500 hover:text-stone-700"
            aria-label="Fechar filtros"
          >
            ×
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 pb-3">
          <FiltersPanel facets={facets} values={values} onChange={onChange} header={false} />
        </div>
        <div className="border-t border-stone-200 p-4">
          <button
            type="button"
            onClick={onClose}
            className="w-full rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Ver produtos
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  )
}
