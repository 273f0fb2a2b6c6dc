// Search box bound to the `search` query parameter of the current page: written after a 300 ms
// pause (spec), removed when empty. Other parameters are kept.
import { useEffect, useState } from "react"
import { useSearchParams } from "react-router-dom"
import { SearchIcon } from "./icons"
import { cn } from "@/lib/cn"

export const SEARCH_DEBOUNCE_MS = 300

export function SearchBox({ className }: { className?: string }) {
  const [params, setParams] = useSearchParams()
  const current = params.get("search") ?? ""
  const [value, setValue] = useState(current)
  const [synced, setSynced] = useState(current)

  // follow the URL when it changes from elsewhere (back/forward, links)
  if (current !== synced) {
    setSynced(current)
    if (current !== value.trim()) setValue(current)
  }

  useEffect(() => {
    if (value.trim() === current.trim()) return
    const t = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev)
          if (value.trim()) next.set("search", value.trim())
          else next.delete("search")
          return next
        },
        { replace: true },
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [value, current, setParams])

  return (
    <label className={cn("relative block", className)}>
      <span className="sr-only">Buscar produtos</span>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
      <input
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Buscar produtos..."
        className="w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
    </label>
  )
}
