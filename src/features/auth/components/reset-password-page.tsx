// /auth/reset-password?token=... (spec section 2): the new password, twice.
import { Link, useNavigate, useSearchParams } from "react-router-dom"
import { Button } from "@/components/ui/button"
import { TextField, toastFirstError, useValibotForm } from "@/components/ui/form"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { confirmPasswordReset } from "../api/recovery"
import { ResetPasswordSchema, type ResetPasswordValues } from "../schemas"
import { AuthCard, linkClass } from "./auth-card"

export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const token = params.get("token") ?? ""
  const form = useValibotForm(ResetPasswordSchema, { password: "", confirm: "" })
  const submit = async (values: ResetPasswordValues) => {
    try {
      await confirmPasswordReset(token, values.password, values.confirm)
      toast({ title: "Senha redefinida com sucesso!" })
      navigate(paths.landing, { replace: true })
    } catch (err) {
      toast({ title: `Erro ao redefinir senha: ${(err as Error).message}`, variant: "error" })
    }
  }
  const { errors, isSubmitting: busy } = form.formState
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
