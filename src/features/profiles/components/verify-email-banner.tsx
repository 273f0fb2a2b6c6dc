// Shown on /profile while the e-mail is not confirmed: votes and reports count only after that
// (the server enforces it), and the confirmation e-mail can be sent again.
import { Button } from "@/components/ui/button"
import { toast } from "@/components/ui/toast"
import { errorMessage } from "@/lib/pocketbase"
import { settle } from "@/lib/settle"
import { useResendVerification } from "../api/resend-verification"

export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification()
  return (
    <div
      role="status"
      data-testid="verify-email-banner"
      className="flex max-w-3xl flex-col gap-3 rounded-xl bg-amber-50 px-4 py-4 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong className="block font-semibold">Confirme seu email</strong>
        Seus votos e denúncias passam a contar quando você confirmar o endereço {email}.
      </p>
      <Button
        variant="secondary"
        className="min-h-11 shrink-0"
        disabled={resend.isPending}
        onClick={() =>
          settle(resend, email, {
            onSuccess: () =>
              toast({ title: "Email de verificação enviado!", description: "Veja sua caixa de entrada." }),
            onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
          })
        }
      >
        {resend.isPending ? "Enviando..." : "Reenviar e-mail de verificação"}
      </Button>
    </div>
  )
}
