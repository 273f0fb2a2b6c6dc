// Tags of the product form: Enter, a comma (or a suggestion) adds them, trimmed and lowercase
// ('design, marketing' is two tags, as on the server); a name over the limit or made of invisible
// characters is refused with the server's message; chips are removable; up to 5 existing tags
// containing the typed text are suggested, minus those chosen. Headless UI's Combobox does the
// listbox and its keys; when suggestions show, the typed text is their first option (active at
// once, as Headless UI makes the first option), so Enter adds what was typed and the arrows reach
// the suggestions.
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from "@headlessui/react"
import { useRef, useState } from "react"
import { limits } from "@/config/rules"
import { toast } from "@/components/ui/toast"
import { cn } from "@/lib/cn"
import { useDebounced } from "@/lib/use-debounced"
import { useTagSuggestions } from "../api/suggest-tags"
import { normalizeTags, tagProblem } from "../schemas"

const DEBOUNCE_MS = 200
const NONE: string[] = []

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
  const [text, setText] = useState("")
  const inputRef = useRef<HTMLInputElement>(null)
  /** the Escape below is ours (closing the list), not the user's (which also clears the text) */
  const closing = useRef(false)
  const full = value.length >= limits.tags.max
  const typed = normalizeTags(text).at(-1) ?? ""
  const query = normalizeTags(useDebounced(text, DEBOUNCE_MS)).at(-1) ?? ""
  const { data } = useTagSuggestions(full ? "" : query, value)
  const suggestions = (query && typed ? (data ?? []) : []).filter((s) => !value.includes(s))
  // the typed tag first (unless it is one of the suggestions): what Enter adds
  const options = suggestions.length && !suggestions.includes(typed) ? [typed, ...suggestions] : suggestions

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
    // Headless UI keeps a `multiple` combobox open after a pick (its list gone with the text,
    // still announced as expanded): close it as Escape does, once its own handling is over
    queueMicrotask(() => {
      closing.current = true
      inputRef.current?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }))
      closing.current = false
    })
  }
  const remove = (tag: string) => onChange(value.filter((t) => t !== tag))

  return (
    <Field className="space-y-1" disabled={disabled || full}>
      {/* `multiple`: choosing an option never replaces the text with it, and Tab never picks one */}
      <Combobox multiple value={NONE} onChange={(picked: string[]) => add(picked.at(-1) ?? "")}>
        {({ open }) => (
          <>
            <div className="flex items-baseline justify-between gap-2">
              <Label className="text-sm font-medium text-stone-800">Tags</Label>
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
              <ComboboxInput
                ref={inputRef}
                autoComplete="off"
                value={text}
                displayValue={() => text}
                aria-invalid={error ? true : undefined}
                placeholder={full ? "Limite de 5 tags atingido" : "Digite uma tag e pressione Enter"}
                onChange={(e) => {
                  const next = e.target.value
                  // a comma ends a tag, as Enter does; what follows the last one is still being typed
                  const cut = next.lastIndexOf(",")
                  if (cut >= 0) add(next.slice(0, cut))
                  setText(next.slice(cut + 1).trimStart())
                }}
                onKeyDown={(e) => {
                  // Enter with the list showing picks its active option (Headless UI), else adds the text
                  if (e.key === "Enter" && !(open && options.length > 0)) {
                    e.preventDefault()
                    add(text)
                  } else if (e.key === "Escape" && !closing.current) {
                    setText("")
                  } else if (e.key === "Backspace" && !text && value.length > 0) {
                    remove(value[value.length - 1]!)
                  }
                }}
                className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-stone-100 aria-[invalid=true]:border-red-400"
              />
              {options.length > 0 && (
                <ComboboxOptions
                  aria-label="Sugestões de tags"
                  className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-stone-200"
                >
                  {options.map((s) => (
                    <ComboboxOption
                      key={s}
                      value={s}
                      className={({ focus }) =>
                        cn(
                          "cursor-pointer px-3 py-2 text-sm",
                          focus ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-50",
                        )
                      }
                    >
                      #{s}
                    </ComboboxOption>
                  ))}
                </ComboboxOptions>
              )}
            </div>
          </>
        )}
      </Combobox>
      <Description className={cn("text-xs", error ? "text-red-700" : "text-stone-500")}>
        {error || "De 1 a 5 tags. Pressione Enter para adicionar."}
      </Description>
    </Field>
  )
}
