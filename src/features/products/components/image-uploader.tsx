// Pictures of the product form: drop or pick up to 5 (JPG, PNG or WEBP, 5 MB each), previews,
// the first is the cover, remove any. Files are checked here before any upload; the server
// checks them again. Stored pictures removed in edit mode are only deleted on save.
import { useEffect, useId, useRef, useState, type DragEvent } from "react"
import { ImageIcon } from "@/components/ui/icons"
import { toast } from "@/components/ui/toast"
import { limits, messages } from "@/config/rules"
import { cn } from "@/lib/cn"
import { imageProblem, type FormImage } from "../schemas"

let seq = 0

export function ImageUploader({
  value,
  onChange,
  onRemoveExisting,
  error,
  disabled,
}: {
  value: FormImage[]
  onChange: (images: FormImage[]) => void
  onRemoveExisting?: (name: string) => void
  error?: string
  disabled?: boolean
}) {
  const id = useId()
  const [dragging, setDragging] = useState(false)
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  }, [value])
  // object URLs of picked files are released when the form goes away
  useEffect(() => () => latest.current.forEach((img) => img.kind === "new" && URL.revokeObjectURL(img.url)), [])
  const full = value.length >= limits.images.max

  const addFiles = (files: File[]) => {
    const added: FormImage[] = []
    for (const file of files) {
      const problem = imageProblem(file)
      if (problem) {
        toast({ title: "Erro de validação", description: problem, variant: "error" })
        continue
      }
      if (value.length + added.length >= limits.images.max) {
        toast({ title: "Erro de validação", description: messages.imagesMax, variant: "error" })
        break
      }
      added.push({ kind: "new", id: `img-${++seq}`, file, url: URL.createObjectURL(file) })
    }
    if (added.length) onChange([...value, ...added])
  }

  const remove = (img: FormImage) => {
    onChange(value.filter((x) => x !== img))
    if (img.kind === "new") URL.revokeObjectURL(img.url)
    else onRemoveExisting?.(img.name)
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (!disabled) addFiles(Array.from(e.dataTransfer.files))
  }

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-stone-800">
          Imagens
        </span>
        <span className="text-xs text-stone-500 tabular-nums">
          {value.length}/{limits.images.max}
        </span>
      </div>
      {!full && (
        <label
          htmlFor={id}
          onDragOver={(e) => {
            e.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
            dragging
              ? "border-brand-500 bg-brand-50"
              : error
                ? "border-red-400 bg-white hover:border-brand-400"
                : "border-stone-300 bg-white hover:border-brand-400",
          )}
        >
          <ImageIcon className="size-8 text-stone-500" />
          <span className="text-sm font-semibold text-stone-800">Arraste imagens ou clique para escolher</span>
          <span className="text-xs text-stone-500">
            JPG, PNG ou WEBP, até 5MB cada. Até 5 imagens; a primeira é a capa.
          </span>
          <input
            id={id}
            type="file"
            multiple
            accept={limits.images.mimeTypes.join(",")}
            className="sr-only"
            aria-label="Imagens do produto"
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? [])
              e.currentTarget.value = "" // picking the same file again fires change again
              addFiles(files)
            }}
          />
        </label>
      )}
      {error && <p className="text-xs text-red-700">{error}</p>}
      {value.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Imagens escolhidas">
          {value.map((img, i) => (
            <li
              key={img.kind === "new" ? img.id : img.name}
              className="relative overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200"
              data-testid="image-preview"
            >
              <img src={img.url} alt={`Imagem ${i + 1}`} className="aspect-[4/3] w-full object-cover" />
              {i === 0 && (
                <span className="absolute top-2 left-2 rounded-full bg-stone-900/75 px-2 py-0.5 text-xs font-semibold text-white">
                  Capa
                </span>
              )}
              <button
                type="button"
                onClick={() => remove(img)}
                disabled={disabled}
                className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-white/90 text-lg leading-none text-stone-700 shadow ring-1 ring-stone-200 hover:bg-white hover:text-red-700"
                aria-label={`Remover imagem ${i + 1}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
