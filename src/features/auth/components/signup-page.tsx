// /auth/signup (spec section 2): after the account is made, on to /submit.
import { useState } from "react"
import { Link, Navigate, useNavigate } from "react-router-dom"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { AuthCard, linkClass } from "./auth-card"
import { SignupForm } from "./signup-form"

export function SignupPage() {
  const navigate = useNavigate()
  const { status } = useAuth()
  const [signingUp, setSigningUp] = useState(false)
  if (status === "signed-in" && !signingUp) return <Navigate to={paths.home} replace />
  return (
    <AuthCard title="Criar Conta" subtitle="Mostre à comunidade o que você construiu.">
      <SignupForm
        redirectDelayMs={1500}
        onSubmitting={() => setSigningUp(true)}
        onSuccess={() => navigate(paths.submit)}
        loginLink={
          <Link to={paths.login()} className={linkClass}>
            Entrar
          </Link>
        }
      />
    </AuthCard>
  )
}
