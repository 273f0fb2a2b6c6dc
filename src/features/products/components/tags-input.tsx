// Tags of the product form: Enter, a comma (or a suggestion) adds them, trimmed and lowercase
// ('design, marketing' is two tags, as on the server); a name over the limit or made of invisible
// characters is refused with the server's message; chips are removable; up to 5 existing tags
// containing the typed text are suggested, minus those chosen.
import { useEffect, useId, useState } from "react"
import { limits } from "@/config/rules"
import { useTagSuggestions } from "../api/suggest-tags"
import { toast } from "@/components/ui/toast"
import { normalizeTags, tagProblem } from "../schemas"

const DEBOUNCE_MS = 200

export function TagsInput({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[]
  onChange: (tags: string[]) => void
  error?: string
  disabled?: boolean
}) {
  const id = useId()
  const [text, setText] = useState("")
  const [query, setQuery] = useState("")
  const [active, setActive] = useState(-1)
  const [focused, setFocused] = useState(false)
  const full = value.length >= limits.tags.max
  useEffect(() => {
    const t = setTimeout(() => setQuery(normalizeTags(text).at(-1) ?? ""), DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [text])
  const { data } = useTagSuggestions(full ? "" : query, value)
  const suggestions = (query && normalizeTags(text).length ? (data ?? []) : []).filter((s) => !value.includes(s))
  const open = focused && suggestions.length > 0 && !full

  const add = (raw: string) => {
    const next = [...value]
    for (const tag of normalizeTags(raw)) {
      const problem = tagProblem(tag)
      if (problem) {
        toast({ title: problem, variant: "error" })
        continue
      }
      if (!next.includes(tag) && next.length < limits.tags.max) next.push(tag)
    }
    if (next.length !== value.length) onChange(next)
    setText("")
    setQuery("")
    setActive(-1)
  }
  const remove = (tag: string) => onChange(value.filter((t) => t !== tag))

  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          Tags
        </label>
        <span className="text-xs text-stone-500 tabular-nums">
          {value.length}/{limits.tags.max}
        </span>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Tags escolhidas">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800 ring-1 ring-brand-100"
            >
              #{tag}
              <button
                type="button"
                onClick={() => remove(tag)}
                disabled={disabled}
                className="flex size-5 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
                aria-label={`Remover tag ${tag}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          value={text}
          disabled={disabled || full}
          placeholder={full ? "Limite de 5 tags atingido" : "Digite uma tag e pressione Enter"}
          onChange={(e) => {
            const typed = e.target.value
            // a comma ends a tag, as Enter does; what follows the last one is still being typed
            const cut = typed.lastIndexOf(",")
            if (cut >= 0) add(typed.slice(0, cut))
            setText(typed.slice(cut + 1).trimStart())
            setActive(-1)
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault()
              const picked = open && active >= 0 ? suggestions[active] : undefined
              add(picked ?? text)
            } else if (e.key === "ArrowDown" && open) {
              e.preventDefault()
              setActive((a) => (a + 1) % suggestions.length)
            } else if (e.key === "ArrowUp" && open) {
              e.preventDefault()
              setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1))
            } else if (e.key === "Escape") {
              setText("")
            } else if (e.key === "Backspace" && !text && value.length > 0) {
              remove(value[value.length - 1]!)
            }
          }}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-stone-100 aria-[invalid=true]:border-red-400"
        />
        {open && (
          <ul
            id={`${id}-list`}
            role="listbox"
            aria-label="Sugestões de tags"
            className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-stone-200"
          >
            {suggestions.map((s, i) => (
              <li
                key={s}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                // mousedown keeps the focus in the input
                onMouseDown={(e) => {
                  e.preventDefault()
                  add(s)
                }}
                className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-50"}`}
              >
                #{s}
              </li>
            ))}
          </ul>
        )}
      </div>
      {error ? (
        <p id={`${id}-hint`} className="text-xs text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-stone-500">
          De 1 a 5 tags. Pressione Enter para adicionar.
        </p>
      )}
    </div>
  )
}
