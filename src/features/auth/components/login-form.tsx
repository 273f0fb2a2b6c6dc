import { Button } from "@/components/ui/button"
import { TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { signIn } from "../api/sign-in"
import { LoginSchema, type LoginValues } from "../schemas"
import { GoogleButton } from "./google-button"

export function LoginForm({
  onSuccess,
  onSubmitting,
  onForgot,
  signupLink,
  returnUrl,
}: {
  onSuccess: (userId: string) => void
  /** the form is about to sign in (the page stops redirecting signed-in visitors) */
  onSubmitting?: () => void
  onForgot: React.ReactNode
  signupLink: React.ReactNode
  returnUrl: string
}) {
  const form = useValibotForm(LoginSchema, { email: "", password: "" })
  const submit = async (values: LoginValues) => {
    onSubmitting?.()
    try {
      const userId = await signIn(values.email, values.password)
      toast({ title: "Login realizado com sucesso!" })
      onSuccess(userId)
    } catch (err) {
      toast({ title: (err as Error).message, variant: "error" })
    }
  }
  const { errors, isSubmitting: busy } = form.formState
  return (
    <div className="space-y-4">
      <GoogleButton returnUrl={returnUrl} divider="below" />
      <form onSubmit={form.handleSubmit(submit, toastFirstError)} className="space-y-4" noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Senha"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register("password")}
        />
        {/* after the password in the Tab order: e-mail, password, then 'Esqueci minha senha' */}
        <div className="-mt-2 text-right">{onForgot}</div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Entrando..." : "Entrar"}
        </Button>
      </form>
      <p className="text-center text-sm text-stone-600">Não tem uma conta? {signupLink}</p>
    </div>
  )
}
