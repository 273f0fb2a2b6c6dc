import { cn } from "@/lib/cn"
import type { ProductSort } from "../types"

const OPTIONS: Array<{ value: ProductSort; label: string }> = [
  { value: "recent", label: "Recentes" },
  { value: "top", label: "Mais votados" },
]

/**
 * 'Recentes' / 'Mais votados', and 'Seguindo' when `onFollowing` is given (signed-in users on
 * /home). `value` is null while a search is ordered by relevance.
 */
export function SortTabs({
  value,
  onChange,
  onFollowing,
  className,
}: {
  value: ProductSort | "following" | null
  onChange: (value: ProductSort) => void
  onFollowing?: () => void
  className?: string
}) {
  const options: Array<{ value: ProductSort | "following"; label: string }> = onFollowing
    ? [...OPTIONS, { value: "following", label: "Seguindo" }]
    : OPTIONS
  return (
    <div role="group" aria-label="Ordenar por" className={cn("inline-flex rounded-lg bg-stone-100 p-1", className)}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => (o.value === "following" ? onFollowing?.() : onChange(o.value))}
          className={cn(
            "rounded-md px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap transition sm:px-3 focus-visible:outline-2 focus-visible:outline-brand-600",
            value === o.value ? "bg-white text-stone-900 shadow-sm" : "text-stone-600 hover:text-stone-900",
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}
