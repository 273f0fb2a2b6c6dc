// The discovery filters: built-with toggles, categories and tags with their counts (followed by
// "+" when the server counted only the newest 1,000 of the products the other filters leave).
// Sections are native <details> (an accordion without JavaScript), all open by default. Used by
// the desktop sidebar and, inside the lazy sheet, on phones.
import type { ReactNode } from "react"
import { ChevronDownIcon } from "@/components/ui/icons"
import { cn } from "@/lib/cn"
import type { Facets } from "../types"
import type { ListingChanges } from "./listing-params"

export interface FilterValues {
  category?: string
  tag?: string
  lovable?: boolean
  epic?: boolean
}

export function activeFilterCount(v: FilterValues) {
  return [v.category, v.tag, v.lovable, v.epic].filter(Boolean).length
}

export const CLEAR_FILTERS: ListingChanges = { category: null, tag: null, lovable: null, epic: null }

/** 'Limpar': clears every filter (the search and the sort stay). */
export function ClearFiltersButton({
  values,
  onChange,
}: {
  values: FilterValues
  onChange: (changes: ListingChanges) => void
}) {
  return (
    <button
      type="button"
      onClick={() => onChange(CLEAR_FILTERS)}
      disabled={activeFilterCount(values) === 0}
      className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:text-stone-500 disabled:hover:bg-transparent"
    >
      Limpar
    </button>
  )
}

/** `header`: the 'Filtros' heading with 'Limpar' (the sheet has its own). */
export function FiltersPanel({
  facets,
  values,
  onChange,
  header = true,
}: {
  facets: Facets | undefined
  values: FilterValues
  onChange: (changes: ListingChanges) => void
  header?: boolean
}) {
  return (
    <div className="space-y-1">
      {header && (
        <div className="flex items-center justify-between pb-2">
          <h2 className="text-base font-bold">Filtros</h2>
          <ClearFiltersButton values={values} onChange={onChange} />
        </div>
      )}

      <Section title="Feito com">
        <div className="space-y-3">
          <Toggle
            label="Mostrar apenas produtos Lovable"
            checked={!!values.lovable}
            onChange={(on) => onChange({ lovable: on ? "true" : null })}
          />
          <Toggle
            label="Mostrar apenas produtos EPIC"
            checked={!!values.epic}
            onChange={(on) => onChange({ epic: on ? "true" : null })}
          />
        </div>
      </Section>

      <Section title="Categorias">
        {!facets ? (
          <FacetSkeleton />
        ) : (
          <ul className="space-y-0.5" aria-label="Categorias">
            {facets.categories.map((c) => {
              const active = values.category === c.id
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => onChange({ category: active ? null : c.id })}
                    className={cn(
                      "flex w-full items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-left text-sm transition",
                      active ? "bg-brand-50 font-semibold text-brand-700" : "text-stone-700 hover:bg-stone-100",
                    )}
                  >
                    <span className="truncate">{c.name}</span>
                    <span className={cn("text-xs tabular-nums", active ? "text-brand-600" : "text-stone-500")}>
                      {c.count}
                      {facets.categoriesMore && "+"}
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </Section>

      <Section title="Tags">
        {!facets ? (
          <FacetSkeleton />
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {facets.tags.map((t) => {
              const active = values.tag === t.id
              return (
                <li key={t.id}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => onChange({ tag: active ? null : t.id })}
                    className={cn(
                      "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs ring-1 transition ring-inset",
                      active
                        ? "bg-brand-600 font-semibold text-white ring-brand-600"
                        : "bg-white text-stone-700 ring-stone-200 hover:ring-brand-300",
                    )}
                  >
                    #{t.name}
                    <span className={cn("tabular-nums", active ? "text-brand-100" : "text-stone-500")}>
                      {t.count}
                      {facets.tagsMore && "+"}
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </Section>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="group border-t border-stone-200 py-3 first:border-t-0">
      <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDownIcon className="size-4 text-stone-500 transition group-open:rotate-180" />
      </summary>
      <div className="pt-3">{children}</div>
    </details>
  )
}

/**
 * A plain button with role=switch, not Headless UI's Switch: the panel is on /home's first screen,
 * and Headless UI's chunk is loaded only when a menu or dialog first opens.
 */
function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className="flex w-full items-center justify-between gap-3 text-left text-sm text-stone-700"
    >
      <span>{label}</span>
      <span
        aria-hidden="true"
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 rounded-full transition",
          checked ? "bg-brand-600" : "bg-stone-300",
        )}
      >
        <span
          className={cn(
            "absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition",
            checked && "translate-x-4",
          )}
        />
      </span>
    </button>
  )
}

function FacetSkeleton() {
  return (
    <div className="animate-pulse space-y-2" aria-hidden="true">
      <div className="h-4 w-3/4 rounded bg-stone-200" />
      <div className="h-4 w-1/2 rounded bg-stone-200" />
      <div className="h-4 w-2/3 rounded bg-stone-200" />
    </div>
  )
}
