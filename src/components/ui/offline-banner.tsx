import { formatDistanceToNow } from "date-fns"
import { ptBR } from "date-fns/locale/pt-BR"
import { WifiOffIcon } from "./icons"

/** Shown when a page renders the copy saved on this device because the server is unreachable. */
export function OfflineBanner({ savedAt }: { savedAt: number }) {
  const age = formatDistanceToNow(savedAt, { locale: ptBR, addSuffix: true })
  return (
    <div
      role="status"
      className="mb-4 flex items-center gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <WifiOffIcon className="size-5 shrink-0" />
      <span>Você está offline. Mostrando a cópia salva neste aparelho, atualizada {age}.</span>
    </div>
  )
}
