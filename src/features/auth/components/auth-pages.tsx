// The /auth/* pages of spec section 2.
import { useEffect, useRef, useState } from "react"
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom"
import { Button, ButtonLink } from "@/components/ui/button"
import { TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { safeReturnUrl } from "@/lib/safe-return-url"
import { finishGoogleSignIn } from "../api/google"
import { confirmPasswordReset, confirmVerification, requestVerification } from "../api/recovery"
import { ResetPasswordSchema, type ResetPasswordValues } from "../schemas"
import { AuthCard } from "./auth-card"
import { ForgotPasswordForm } from "./forgot-password-form"
import { LoginForm } from "./login-form"
import { SignupForm } from "./signup-form"

const linkClass = "font-semibold text-brand-700 hover:underline"

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
