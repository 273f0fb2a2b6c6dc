import { useState } from "react"
import { Button } from "@/components/ui/button"
import { TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { requestPasswordReset } from "../api/recovery"
import { ForgotPasswordSchema, type ForgotPasswordValues } from "../schemas"

/**
 * 'Recuperar Senha'. The dialog variant ends on 'Email Enviado!' + 'Fechar'; the page variant
 * shows the address, the 1-hour lifetime and 'Enviar novamente'.
 */
export function ForgotPasswordForm({
  variant,
  onClose,
  backToLogin,
}: {
  variant: "dialog" | "page"
  onClose?: () => void
  backToLogin?: React.ReactNode
}) {
  const form = useValibotForm(ForgotPasswordSchema, { email: "" })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const busy = form.formState.isSubmitting

  const send = async ({ email }: ForgotPasswordValues) => {
    try {
      await requestPasswordReset(email)
      toast({
        title:
          variant === "dialog" ? "Email enviado! Verifique sua caixa de entrada." : "Email de recuperação enviado!",
      })
      setSentTo(email)
    } catch (err) {
      toast({ title: `Erro ao enviar email: ${(err as Error).message}`, variant: "error" })
    }
  }

  if (sentTo && variant === "dialog") {
    return (
      <div className="space-y-4 text-center">
        <p className="text-lg font-semibold">Email Enviado!</p>
        <p className="text-sm text-stone-600">
          Se houver uma conta com {sentTo}, você receberá um link para criar uma nova senha.
        </p>
        <Button className="w-full" onClick={onClose}>
          Fechar
        </Button>
      </div>
    )
  }
  if (sentTo) {
    return (
      <div className="space-y-4 text-center">
        <p className="text-lg font-semibold">Email Enviado!</p>
        <p className="text-sm text-stone-600">
          Enviamos um link de recuperação para <strong className="text-stone-900">{sentTo}</strong>. O link expira em 1
          hora.
        </p>
        <Button variant="secondary" className="w-full" disabled={busy} onClick={form.handleSubmit(send)}>
          {busy ? "Enviando..." : "Enviar novamente"}
        </Button>
        {backToLogin}
      </div>
    )
  }
  return (
    <form onSubmit={form.handleSubmit(send, toastFirstError)} className="space-y-4" noValidate>
      <p className="text-sm text-stone-600">Informe seu email e enviaremos um link para você criar uma nova senha.</p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Enviando..." : "Enviar Link de Recuperação"}
      </Button>
      {backToLogin}
    </form>
  )
}
