// /auth/login (spec section 2): the e-mail form and Google, back to `returnUrl` (this site's only).
import { useState } from "react"
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { safeReturnUrl } from "@/lib/safe-return-url"
import { AuthCard, linkClass } from "./auth-card"
import { LoginForm } from "./login-form"

export function LoginPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { status } = useAuth()
  // no returnUrl (or one that is not of this site): the Vitrine, not the landing page
  const returnUrl = safeReturnUrl(params.get("returnUrl"), paths.home)
  const [signingIn, setSigningIn] = useState(false)
  // already signed in: nothing to do here (but not while this page's own sign-in navigates)
  if (status === "signed-in" && !signingIn) return <Navigate to={returnUrl} replace />
  return (
    <AuthCard title="Entrar" subtitle="Bem-vindo de volta à Vitrine.">
      <LoginForm
        returnUrl={returnUrl}
        onSubmitting={() => setSigningIn(true)}
        onSuccess={() => navigate(returnUrl, { replace: true })}
        onForgot={
          <Link to={paths.forgotPassword} className="text-xs text-brand-700 hover:underline">
            Esqueci minha senha
          </Link>
        }
        signupLink={
          <Link to={paths.signup} className={linkClass}>
            Criar Conta
          </Link>
        }
      />
    </AuthCard>
  )
}
