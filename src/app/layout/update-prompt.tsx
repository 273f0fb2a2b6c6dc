// 'Nova versão disponível' with 'Atualizar', when a new deployment is ready.
import { useState } from "react"
import { toast } from "@/components/ui/toast"
import { applyUpdate, useNeedRefresh } from "../pwa"

export function UpdatePrompt() {
  const needRefresh = useNeedRefresh()
  const [busy, setBusy] = useState(false)
  if (!needRefresh) return null
  return (
    <div
      role="alert"
      className="fixed inset-x-4 top-20 z-40 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <span>Nova versão disponível</span>
      <button
        type="button"
        disabled={busy}
        className="rounded-lg bg-white px-3 py-1.5 font-semibold text-stone-900 hover:bg-stone-100 disabled:opacity-60"
        onClick={async () => {
          setBusy(true)
          const done = await applyUpdate()
          if (!done) {
            setBusy(false)
            toast({
              title: "Termine o que está escrevendo",
              description: "Envie ou apague o texto do formulário antes de atualizar.",
              variant: "info",
            })
          }
        }}
      >
        Atualizar
      </button>
    </div>
  )
}
