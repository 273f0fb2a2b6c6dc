// A row of pill-shaped tabs ('Todas (n)' / 'Não Lidas (n)', 'Abertas (n)' / 'Todas (n)').
import { cn } from "@/lib/cn"

export function PillTabs<T extends string>({
  tabs,
  value,
  onChange,
  className,
}: {
  tabs: ReadonlyArray<readonly [T, string]>
  value: T
  onChange: (value: T) => void
  className?: string
}) {
  return (
    <div role="tablist" className={cn("flex gap-2", className)}>
      {tabs.map(([key, label]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={value === key}
          onClick={() => onChange(key)}
          className={cn(
            "rounded-full px-4 py-1.5 text-sm font-semibold",
            value === key ? "bg-stone-900 text-white" : "bg-white text-stone-700 ring-1 ring-stone-300",
          )}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
