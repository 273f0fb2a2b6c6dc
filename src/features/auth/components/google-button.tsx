import { useState } from "react"
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
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8Z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.8 0-5.2-1.9-6-4.5H2.3v2.8A11 11 0 0 0 12 23Z"
          />
          <path fill="#FBBC05" d="M6 14c-.2-.7-.3-1.3-.3-2s.1-1.4.3-2V7.2H2.3a11 11 0 0 0 0 9.6L6 14Z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3 .5 4.1 1.6l3.1-3.1A11 11 0 0 0 2.3 7.2L6 10c.8-2.6 3.2-4.6 6-4.6Z" />
        </svg>
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
