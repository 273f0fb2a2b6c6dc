import { useId, useState } from "react"
import { Avatar } from "@/components/ui/avatar"
import { toast } from "@/components/ui/toast"
import { avatarProblem } from "../schemas"

export interface PickedAvatar {
  file: File
  /** data: URL of the picked file, for the preview */
  preview: string
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error("Não foi possível ler o arquivo"))
    reader.readAsDataURL(file)
  })
}

/** Avatar picker with a preview; a wrong type or size is refused here, before any upload. */
export function AvatarField({
  name,
  currentUrl,
  picked,
  onPick,
  disabled,
}: {
  name: string
  currentUrl: string
  picked: PickedAvatar | null
  onPick: (avatar: PickedAvatar) => void
  disabled?: boolean
}) {
  const id = useId()
  const [error, setError] = useState<string | null>(null)

  const onChange = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    input.value = "" // picking the same file again fires change again
    if (!file) return
    const problem = avatarProblem(file)
    setError(problem)
    if (problem) {
      toast({ title: problem, variant: "error" })
      return
    }
    try {
      onPick({ file, preview: await readAsDataUrl(file) })
    } catch (err) {
      setError((err as Error).message)
    }
  }

  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} src={picked?.preview || currentUrl} size={80} />
      <div className="space-y-1">
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
        >
          {picked || currentUrl ? "Alterar foto" : "Adicionar foto"}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-label="Foto de perfil"
            aria-describedby={`${id}-hint`}
            disabled={disabled}
            onChange={(e) => void onChange(e.currentTarget)}
          />
        </label>
        <p id={`${id}-hint`} className={error ? "text-xs text-red-700" : "text-xs text-stone-500"}>
          {error ?? (picked ? "Nova foto selecionada: salve para aplicar." : "JPG, PNG ou WEBP, até 2MB.")}
        </p>
      </div>
    </div>
  )
}
