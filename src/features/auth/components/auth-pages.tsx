// The /auth/* pages of spec section 2.
import { useEffect, useRef, useState } from "react"
import { Link, useNavigate, useSearchParams } from "react-router-dom"
import { Button, ButtonLink } from "@/components/ui/button"
import { TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { safeReturnUrl } from "@/lib/safe-return-url"
import { finishGoogleSignIn } from "../api/google"
import { confirmPasswordReset, confirmVerification } from "../api/recovery"
import { ResetPasswordSchema, type ResetPasswordValues } from "../schemas"
import { AuthCard } from "./auth-card"
import { ForgotPasswordForm } from "./forgot-password-form"
import { LoginForm } from "./login-form"
import { SignupForm } from "./signup-form"

const linkClass = "font-semibold text-brand-700 hover:underline"

export function LoginPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const returnUrl = safeReturnUrl(params.get("returnUrl"))
  return (
    <AuthCard title="Entrar" subtitle="Bem-vindo de volta à Vitrine.">
      <LoginForm
        returnUrl={returnUrl}
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

export function SignupPage() {
  const navigate = useNavigate()
  return (
    <AuthCard title="Criar Conta" subtitle="Mostre à comunidade o que você construiu.">
      <SignupForm
        redirectDelayMs={1500}
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

export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const token = params.get("token") ?? ""
  const form = useValibotForm(ResetPasswordSchema, { password: "", confirm: "" })
  const [busy, setBusy] = useState(false)
  const submit = async (values: ResetPasswordValues) => {
    setBusy(true)
    try {
      await confirmPasswordReset(token, values.password, values.confirm)
      toast({ title: "Senha redefinida com sucesso!" })
      navigate(paths.landing, { replace: true })
    } catch (err) {
      toast({ title: `Erro ao redefinir senha: ${(err as Error).message}`, variant: "error" })
      setBusy(false)
    }
  }
  const { errors } = form.formState
  return (
    <AuthCard title="Nova senha" subtitle="Escolha uma nova senha para a sua conta.">
      {!token ? (
        <p className="text-sm text-red-700">
          Link inválido. Peça um novo em{" "}
          <Link to={paths.forgotPassword} className={linkClass}>
            Esqueci minha senha
          </Link>
          .
        </p>
      ) : (
        <form onSubmit={form.handleSubmit(submit, toastFirstError)} className="space-y-4" noValidate>
          <TextField
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register("password")}
          />
          <TextField
            label="Confirme a nova senha"
            type="password"
            autoComplete="new-password"
            error={errors.confirm?.message}
            {...form.register("confirm")}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Salvando..." : "Redefinir senha"}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}

const VERIFY_REDIRECT_MS = 5000

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
