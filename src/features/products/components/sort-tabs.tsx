import { cn } from "@/lib/cn"
import type { ProductSort } from "../types"

const OPTIONS: Array<{ value: ProductSort; label: string }> = [
  { value: "recent", label: "Recentes" },
  { value: "top", label: "Mais votados" },
]

/**
 * 'Recentes' / 'Mais votados', and 'Seguindo' when `onFollowing` is given (signed-in users on
 * /home). While searching, 'Relevância' comes first: `value` null is that order (the server's, the
 * best matches first), and `onChange(null)` goes back to it.
 */
export function SortTabs({
  value,
  onChange,
  onFollowing,
  searching = false,
  className,
}: {
  value: ProductSort | "following" | null
  onChange: (value: ProductSort | null) => void
  onFollowing?: () => void
  /** a search is active: 'Relevância' is offered (and is the order when `value` is null) */
  searching?: boolean
  className?: string
}) {
  const options: Array<{ value: ProductSort | "following" | null; label: string }> = [
    ...(searching ? [{ value: null, label: "Relevância" }] : []),
    ...OPTIONS,
    ...(onFollowing ? [{ value: "following" as const, label: "Seguindo" }] : []),
  ]
  return (
    <div
      role="group"
      aria-label="Ordenar por"
      className={cn(
        // four orders (searching, signed in) do not fit beside 'Filtros' on a phone: they scroll
        "inline-flex max-w-full min-w-0 overflow-x-auto rounded-lg bg-stone-100 p-1 [scrollbar-width:none]",
        className,
      )}
    >
      {options.map((o) => (
        <button
          key={o.value ?? "relevance"}
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
