import { Button } from "@/components/ui/button"
import { TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { signUp } from "../api/sign-in"
import { SignupSchema, type SignupValues } from "../schemas"
import { GoogleButton } from "./google-button"

/** Sign-up; after success waits `redirectDelayMs` (spec: 1 s in the dialog, 1.5 s on the page). */
export function SignupForm({
  onSuccess,
  onSubmitting,
  loginLink,
  redirectDelayMs,
}: {
  onSuccess: (userId: string) => void
  /** the form is about to sign in (the page stops redirecting signed-in visitors) */
  onSubmitting?: () => void
  loginLink: React.ReactNode
  redirectDelayMs: number
}) {
  const form = useValibotForm(SignupSchema, { name: "", email: "", password: "" })
  const submit = async (values: SignupValues) => {
    onSubmitting?.()
    try {
      const userId = await signUp(values.name, values.email, values.password)
      toast({ title: "Conta criada! Enviamos um email de verificação." })
      setTimeout(() => onSuccess(userId), redirectDelayMs)
    } catch (err) {
      const message = (err as Error).message
      toast({ title: message, variant: "error" })
      form.setError("root.server", { message }) // not a successful submit: the button comes back
    }
  }
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState
  // the account exists: the button stays off until the redirect
  const busy = isSubmitting || isSubmitSuccessful
  return (
    <div className="space-y-4">
      <form onSubmit={form.handleSubmit(submit, toastFirstError)} className="space-y-4" noValidate>
        <TextField label="Nome" autoComplete="name" required error={errors.name?.message} {...form.register("name")} />
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
          autoComplete="new-password"
          required
          minLength={8}
          hint="Mínimo de 8 caracteres, com letras e números"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Criando conta..." : "Criar Conta"}
        </Button>
      </form>
      <GoogleButton returnUrl="/submit" divider="above" />
      <p className="text-center text-sm text-stone-600">Já tem uma conta? {loginLink}</p>
    </div>
  )
}
