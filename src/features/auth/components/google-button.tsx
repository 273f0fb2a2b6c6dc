import { useState } from "react"
import { GoogleMark } from "@/components/ui/icons"
import { toast } from "@/components/ui/toast"
import { startGoogleSignIn, useGoogleProvider } from "../api/google"

/**
 * Google sign-in, with the 'ou' divider on the side of the e-mail form (`divider`). Shown only when
 * the server has Google configured: nothing at all otherwise (no dead button).
 */
export function GoogleButton({ returnUrl, divider }: { returnUrl: string; divider: "above" | "below" }) {
  const { data: provider } = useGoogleProvider()
  const [busy, setBusy] = useState(false)
  if (!provider) return null
  return (
    <div className="space-y-4">
      {divider === "above" && <Divider />}
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          try {
            await startGoogleSignIn(returnUrl)
          } catch (err) {
            setBusy(false)
            toast({ title: `Erro ao autenticar: ${(err as Error).message}`, variant: "error" })
          }
        }}
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <GoogleMark className="size-4" />
        Continuar com Google
      </button>
      {divider === "below" && <Divider />}
    </div>
  )
}

export function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs text-stone-500" aria-hidden="true">
      <span className="h-px flex-1 bg-stone-200" />
      ou
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  )
}
