// /auth/callback: where Google's sign-in comes back; on to where the user was, or the login page.
import { useEffect, useRef } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { safeReturnUrl } from "@/lib/safe-return-url"
import { finishGoogleSignIn } from "../api/google"

export function AuthCallbackPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    finishGoogleSignIn(params)
      .then((returnUrl) => {
        if (returnUrl === null) return navigate(paths.login(), { replace: true })
        toast({ title: "Login realizado com sucesso!" })
        navigate(returnUrl === "/" ? paths.home : safeReturnUrl(returnUrl, paths.home), { replace: true })
      })
      .catch((err: Error) => {
        toast({ title: `Erro ao autenticar: ${err.message}`, variant: "error" })
        navigate(paths.login(), { replace: true })
      })
  }, [params, navigate])
  return <p className="py-20 text-center text-stone-600">Finalizando login...</p>
}
