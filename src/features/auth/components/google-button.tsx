import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { toast } from "@/components/ui/toast"
import { getGoogleProvider, startGoogleSignIn } from "../api/google"

/** Google sign-in; says plainly when the server has no Google credentials configured. */
export function GoogleButton({ returnUrl }: { returnUrl: string }) {
  const { data: provider, isPending } = useQuery({
    queryKey: ["auth", "google-provider"],
    queryFn: getGoogleProvider,
    staleTime: Infinity,
  })
  const [busy, setBusy] = useState(false)
  const configured = !!provider
  return (
    <div>
      <button
        type="button"
        disabled={!configured || busy}
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
      {!isPending && !configured && (
        <p className="mt-1 text-center text-xs text-stone-500">Login com Google não está configurado neste servidor.</p>
      )}
    </div>
  )
}
