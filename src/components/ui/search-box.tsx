// The header's search box. On a listing page (/home, a category, a tag, a maker) it is bound to the
// page's `search` parameter: written after a 300 ms pause (spec), at once on Enter, removed when
// empty, other parameters kept. Anywhere else, searching goes to /home?search=...
import { useCallback, useEffect, useState, type FormEvent } from "react"
import { useLocation, useNavigate, useSearchParams } from "react-router-dom"
import { SearchIcon } from "./icons"
import { cn } from "@/lib/cn"
import { useDebounced } from "@/lib/use-debounced"
import { useSearchUpdate } from "@/lib/use-search-update"

export const SEARCH_DEBOUNCE_MS = 300

const LISTING = /^\/(home|categories\/[^/]+|tags\/[^/]+|makers\/[^/]+)\/?$/

export function SearchBox({ className }: { className?: string }) {
  const [params] = useSearchParams()
  const write = useSearchUpdate()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const onListing = LISTING.test(pathname)
  const current = onListing ? (params.get("search") ?? "") : ""
  const [value, setValue] = useState(current)
  const [synced, setSynced] = useState(current)

  // follow the URL when it changes from elsewhere (back/forward, links, another page)
  if (current !== synced) {
    setSynced(current)
    if (current !== value.trim()) setValue(current)
  }

  const apply = useCallback(
    (text: string) => {
      const q = text.trim()
      if (!onListing) {
        if (q) navigate(`/home?${new URLSearchParams({ search: q })}`)
        return
      }
      write(
        (next) => {
          if (q) next.set("search", q)
          else next.delete("search")
        },
        { replace: true },
      )
    },
    [onListing, navigate, write],
  )

  // what was typed, once typing paused (the URL moved meanwhile: `settled` is not what shows)
  const settled = useDebounced(value, SEARCH_DEBOUNCE_MS)
  useEffect(() => {
    if (settled !== value || settled.trim() === current.trim()) return
    apply(settled)
  }, [settled, value, current, apply])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (value.trim() !== current.trim() || !onListing) apply(value)
  }

  return (
    <form role="search" className={cn("relative block", className)} onSubmit={onSubmit}>
      <label>
        <span className="sr-only">Buscar produtos</span>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
        <input
          type="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Buscar produtos..."
          enterKeyHint="search"
          className="w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </label>
    </form>
  )
}
