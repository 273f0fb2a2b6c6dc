// 'Seus dados' on /profile (LGPD): 'Baixar meus dados' (a JSON file of everything the site holds
// about the user) and 'Excluir minha conta' (confirmed with the password). Loaded with the page.
import { useId, useState } from "react"
import { Link, useNavigate } from "react-router-dom"
import { Button } from "@/components/ui/button"
import { Dialog } from "@/components/ui/dialog"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { errorMessage } from "@/lib/pocketbase"
import { settle } from "@/lib/settle"
import { useDeleteAccount } from "../api/delete-account"
import { useDownloadMyData } from "../api/download-my-data"

export default function MyData({ userId }: { userId: string }) {
  const download = useDownloadMyData()
  const [deleting, setDeleting] = useState(false)
  return (
    <section
      aria-labelledby="meus-dados"
      className="max-w-3xl space-y-4 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
    >
      <div>
        <h2 id="meus-dados" className="text-xl font-bold text-stone-900">
          Seus dados
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Você pode baixar tudo o que a Vitrine guarda sobre você ou excluir sua conta a qualquer momento. Saiba mais na{" "}
          <Link to={paths.privacy} className="font-semibold text-brand-700 hover:underline">
            política de privacidade
          </Link>
          .
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={download.isPending}
          onClick={() =>
            settle(download, undefined, {
              onSuccess: () =>
                toast({ title: "Seus dados foram baixados", description: "Arquivo vitrine-meus-dados.json" }),
              onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
            })
          }
        >
          {download.isPending ? "Preparando..." : "Baixar meus dados"}
        </Button>
        <button
          type="button"
          onClick={() => setDeleting(true)}
          className="min-h-11 rounded-lg px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50"
        >
          Excluir minha conta
        </button>
      </div>
      {deleting && <DeleteAccountDialog userId={userId} onClose={() => setDeleting(false)} />}
    </section>
  )
}

function DeleteAccountDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const id = useId()
  const [password, setPassword] = useState("")
  const remove = useDeleteAccount(userId)
  const { signOut } = useAuth()
  const navigate = useNavigate()
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!password || remove.isPending) return
    settle(remove, password, {
      onSuccess: async () => {
        await signOut()
        navigate(paths.landing)
        toast({ title: "Sua conta foi excluída", description: "Seus produtos e votos foram apagados." })
      },
      onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
    })
  }
  return (
    <Dialog open onClose={() => !remove.isPending && onClose()} title="Excluir minha conta?">
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-stone-600">
          Seus produtos e imagens, votos, denúncias, notificações e aparelhos com push serão apagados. Seus comentários
          continuam visíveis como “Usuário removido”, para que as conversas façam sentido. Isso não pode ser desfeito.
        </p>
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-stone-800">
            Digite sua senha para confirmar
          </label>
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancelar
          </Button>
          <button
            type="submit"
            disabled={!password || remove.isPending}
            aria-busy={remove.isPending}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:opacity-50"
          >
            {remove.isPending ? "Excluindo..." : "Excluir minha conta"}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
