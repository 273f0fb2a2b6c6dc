// A row of pill-shaped tabs ('Todas (n)' / 'Não Lidas (n)', 'Abertas (n)' / 'Todas (n)'): Headless
// UI's tabs (role=tab with aria-selected, arrow keys move between them, one tab stop), controlled
// by the caller, which renders what the chosen tab shows.
import { Tab, TabGroup, TabList } from "@headlessui/react"
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
  const selected = Math.max(
    0,
    tabs.findIndex(([key]) => key === value),
  )
  return (
    <TabGroup selectedIndex={selected} onChange={(i) => onChange(tabs[i]![0])}>
      <TabList className={cn("flex gap-2", className)}>
        {tabs.map(([key, label]) => (
          <Tab
            key={key}
            className={({ selected }) =>
              cn(
                "rounded-full px-4 py-1.5 text-sm font-semibold",
                selected ? "bg-stone-900 text-white" : "bg-white text-stone-700 ring-1 ring-stone-300",
              )
            }
          >
            {label}
          </Tab>
        ))}
      </TabList>
    </TabGroup>
  )
}
