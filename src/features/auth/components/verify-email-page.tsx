// /auth/verify-email?token=... (spec section 2): confirms the address, then the landing page after
// 5 s; a link that failed offers a new one.
import { useEffect, useRef, useState } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { Button, ButtonLink } from "@/components/ui/button"
import { TextField } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { confirmVerification, requestVerification } from "../api/recovery"
import { AuthCard } from "./auth-card"

const VERIFY_REDIRECT_MS = 5000

/** A link that failed (expired, used, mistyped): a new one, to the signed-in user's address or one typed. */
function ResendVerification() {
  const { user } = useAuth()
  const [email, setEmail] = useState(user?.email ?? "")
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  if (sent)
    return (
      <p role="status" className="mt-4 text-sm text-emerald-800">
        Enviamos um novo link para {email}. Veja sua caixa de entrada.
      </p>
    )
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={async (e) => {
        e.preventDefault()
        if (!email.trim()) return
        setBusy(true)
        try {
          await requestVerification(email.trim())
          setSent(true)
        } catch (err) {
          toast({ title: (err as Error).message, variant: "error" })
        } finally {
          setBusy(false)
        }
      }}
    >
      {!user && (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      )}
      <Button type="submit" className="w-full" disabled={busy || !email.trim()}>
        {busy ? "Enviando..." : "Reenviar e-mail de verificação"}
      </Button>
    </form>
  )
}

export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const token = params.get("token") ?? ""
  const [state, setState] = useState<"checking" | "done" | "failed">(token ? "checking" : "failed")
  const [error, setError] = useState("")
  const started = useRef(false)

  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    confirmVerification(token)
      .then(() => setState("done"))
      .catch((err: Error) => {
        setError(err.message)
        setState("failed")
      })
  }, [token])

  useEffect(() => {
    if (state !== "done") return
    const t = setTimeout(() => navigate(paths.landing), VERIFY_REDIRECT_MS)
    return () => clearTimeout(t)
  }, [state, navigate])

  if (state === "checking") return <AuthCard title="Verificando seu email...">{null}</AuthCard>
  if (state === "failed") {
    return (
      <AuthCard title="Não foi possível verificar o email">
        <p className="text-sm text-stone-600">{error || "Link inválido ou expirado"}.</p>
        <ResendVerification />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Email Verificado!"
      subtitle="Sua conta está confirmada. Você será levado à página inicial em instantes."
    >
      <ButtonLink to={paths.landing} className="w-full">
        Começar
      </ButtonLink>
    </AuthCard>
  )
}
