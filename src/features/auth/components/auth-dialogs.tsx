// The login, signup and 'Recuperar Senha' dialogs of the common layout. Lazy-loaded on first open.
import { useLocation, useNavigate } from "react-router-dom"
import { Dialog } from "@/components/ui/dialog"
import { paths } from "@/config/paths"
import { linkClass } from "./auth-card"
import { useAuthDialogState } from "./auth-dialog-provider"
import { ForgotPasswordForm } from "./forgot-password-form"
import { LoginForm } from "./login-form"
import { SignupForm } from "./signup-form"

export default function AuthDialogs() {
  const { dialog, openDialog, closeDialog, completeIntent } = useAuthDialogState()
  const navigate = useNavigate()
  const location = useLocation()
  const titles = { login: "Entrar", signup: "Criar Conta", forgot: "Recuperar Senha" } as const
  return (
    <Dialog open={dialog !== null} onClose={closeDialog} title={dialog ? titles[dialog] : ""}>
      {dialog === "login" && (
        <LoginForm
          returnUrl={location.pathname + location.search}
          onSuccess={(userId) => {
            // decisions.md: the dialog closes on the page the user was on and completes what opened it
            completeIntent(userId)
            closeDialog()
          }}
          onForgot={
            <button
              type="button"
              className="text-xs text-brand-700 hover:underline"
              onClick={() => openDialog("forgot")}
            >
              Esqueci minha senha
            </button>
          }
          signupLink={
            <button type="button" className={linkClass} onClick={() => openDialog("signup")}>
              Criar Conta
            </button>
          }
        />
      )}
      {dialog === "signup" && (
        <SignupForm
          redirectDelayMs={1000}
          onSuccess={(userId) => {
            closeDialog()
            // what asked for the sign-up happens here; otherwise, as the spec says, /submit
            if (!completeIntent(userId)) navigate(paths.submit)
          }}
          loginLink={
            <button type="button" className={linkClass} onClick={() => openDialog("login")}>
              Entrar
            </button>
          }
        />
      )}
      {/* Closing unmounts the form, which resets the e-mail and the sent state (spec). */}
      {dialog === "forgot" && <ForgotPasswordForm variant="dialog" onClose={closeDialog} />}
    </Dialog>
  )
}
