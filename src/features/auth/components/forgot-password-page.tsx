// /auth/forgot-password (spec section 2).
import { Link } from "react-router-dom"
import { paths } from "@/config/paths"
import { AuthCard, linkClass } from "./auth-card"
import { ForgotPasswordForm } from "./forgot-password-form"

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Recuperar Senha">
      <ForgotPasswordForm
        variant="page"
        backToLogin={
          <Link to={paths.login()} className={`block text-center text-sm ${linkClass}`}>
            Voltar para o login
          </Link>
        }
      />
    </AuthCard>
  )
}
