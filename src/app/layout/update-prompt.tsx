// 'Nova versão disponível' with 'Atualizar', when a new deployment is ready (loaded only then).
// Before the new version takes over, every open tab is asked (see pwa.ts): any tab with unsaved
// form input says no, and this one says 'Termine o que está escrevendo'.
import { useState } from "react"
import { toast } from "@/components/ui/toast"
import { hasUnsavedInput } from "@/lib/activity"
import { activateUpdate, channel, type UpdateMessage } from "../pwa"

/** how long the asking tab waits for the other tabs' answers */
const ASK_TABS_MS = 400

/** True when any other open tab of the app holds unsaved form input. */
function anotherTabIsBusy(): Promise<boolean> {
  const bus = channel
  if (!bus) return Promise.resolve(false)
  const id = Math.random().toString(36).slice(2)
  return new Promise((resolve) => {
    const onAnswer = (e: MessageEvent<UpdateMessage>) => {
      if (e.data?.type === "answer" && e.data.id === id && e.data.busy) done(true)
    }
    const done = (busy: boolean) => {
      bus.removeEventListener("message", onAnswer)
      clearTimeout(timer)
      resolve(busy)
    }
    const timer = setTimeout(() => done(false), ASK_TABS_MS)
    bus.addEventListener("message", onAnswer)
    bus.postMessage({ type: "ask", id } satisfies UpdateMessage)
  })
}

/**
 * 'Atualizar': "here" or "other-tab" (nothing done) while this or another tab holds unsaved
 * input; "done" once the new version takes over (every tab then reloads when safe).
 */
async function applyUpdate(): Promise<"done" | "here" | "other-tab"> {
  if (hasUnsavedInput()) return "here"
  if (await anotherTabIsBusy()) return "other-tab"
  await activateUpdate()
  return "done"
}

export default function UpdatePrompt() {
  const [busy, setBusy] = useState(false)
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
          const result = await applyUpdate()
          if (result !== "done") {
            setBusy(false)
            toast({
              title: "Termine o que está escrevendo",
              description:
                result === "here"
                  ? "Envie ou apague o texto do formulário antes de atualizar."
                  : "Outra aba do app tem um formulário com texto não salvo. Envie ou apague o texto lá antes de atualizar.",
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
