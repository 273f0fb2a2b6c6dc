// /admin/products: 'Moderação de Produtos', pending products newest first with their pictures,
// description, link, tags and maker; approve, reject (with a reason) or open the product page.
import { useState } from "react"
import { Link } from "react-router-dom"
import { Avatar } from "@/components/ui/avatar"
import { Badge } from "@/components/ui/badge"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { timeAgo } from "@/lib/time-ago"
import { errorMessage } from "@/lib/pocketbase"
import { usePendingProducts, type PendingProduct } from "../api/get-pending-products"
import { useModerateProduct } from "../api/moderate-product"
import { RejectDialog } from "./reject-dialog"
import { settle } from "@/lib/settle"

export function ProductsModeration() {
  const { data, isPending, isError, error } = usePendingProducts()
  return (
    <div className="space-y-6">
      <title>Moderação de Produtos — Vitrine</title>
      <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">Moderação de Produtos</h1>
      {isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Carregando produtos pendentes">
          {[0, 1].map((i) => (
            <div key={i} className="h-56 animate-pulse rounded-2xl bg-stone-100" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center text-stone-600">
          Nenhum produto pendente de aprovação
        </p>
      ) : (
        <ul className="space-y-4">
          {data.map((p) => (
            <PendingCard key={p.id} product={p} />
          ))}
        </ul>
      )}
    </div>
  )
}

function PendingCard({ product: p }: { product: PendingProduct }) {
  const { user } = useAuth()
  const own = user?.id === p.makerId
  const moderate = useModerateProduct()
  const [rejecting, setRejecting] = useState(false)

  const approve = () =>
    settle(
      moderate,
      { id: p.id, decision: "approve" },
      {
        onSuccess: () => toast({ title: "Produto aprovado" }),
        onError: (err) => toast({ title: "Erro ao aprovar produto", description: errorMessage(err), variant: "error" }),
      },
    )
  const reject = (reason: string) =>
    settle(
      moderate,
      { id: p.id, decision: "reject", reason },
      {
        onSuccess: () => {
          setRejecting(false)
          toast({ title: "Produto rejeitado" })
        },
        onError: (err) =>
          toast({ title: "Erro ao rejeitar produto", description: errorMessage(err), variant: "error" }),
      },
    )

  return (
    <li
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={`pendente-${p.id}`}
    >
      {p.images.length > 0 && (
        <div className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-1">
          {p.images.map((img, i) => (
            <a key={img.full} href={img.full} target="_blank" rel="noreferrer" className="shrink-0 snap-start">
              <img
                src={img.thumb}
                alt={`Imagem ${i + 1} de ${p.title}`}
                width={160}
                height={120}
                loading="lazy"
                className="h-28 w-40 rounded-lg object-cover ring-1 ring-stone-200"
              />
            </a>
          ))}
        </div>
      )}
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          {p.category && <Badge tone="amber">{p.category.name}</Badge>}
          {p.builtWithLovable && <Badge tone="brand">Feito com Lovable</Badge>}
          {p.builtWithEpic && <Badge tone="violet">Feito com EPIC</Badge>}
          <span className="text-xs text-stone-500">enviado {timeAgo(p.created)}</span>
        </div>
        <h2 id={`pendente-${p.id}`} className="text-lg font-bold break-words text-stone-900">
          {p.title}
        </h2>
        {p.maker && (
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <Avatar name={p.maker.displayName} src={p.maker.avatarUrl} size={24} />
            {p.maker.displayName}
            {p.maker.username && <span className="text-stone-500">@{p.maker.username}</span>}
          </p>
        )}
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-stone-700">{p.description}</p>
        <a
          href={p.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="block truncate text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {p.url}
        </a>
        {p.tags.length > 0 && (
          <p className="flex flex-wrap gap-1.5 text-xs text-stone-600">
            {p.tags.map((t) => (
              <span key={t.id} className="rounded-full bg-stone-100 px-2 py-0.5">
                #{t.name}
              </span>
            ))}
          </p>
        )}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:flex sm:justify-end">
        <Link
          to={paths.product(p.slug)}
          className="inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50"
          aria-label={`Ver ${p.title}`}
        >
          Ver
        </Link>
        {own && (
          <p className="col-span-3 self-center text-sm text-stone-600 sm:mr-2">
            Seu produto: outra pessoa da equipe faz a revisão.
          </p>
        )}
        <button
          type="button"
          onClick={() => setRejecting(true)}
          disabled={moderate.isPending || own}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-50"
          aria-label={`Rejeitar ${p.title}`}
        >
          Rejeitar
        </button>
        <button
          type="button"
          onClick={approve}
          disabled={moderate.isPending || own}
          aria-busy={moderate.isPending}
          className="rounded-lg bg-emerald-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 disabled:opacity-50"
          aria-label={`Aprovar ${p.title}`}
        >
          Aprovar
        </button>
      </div>
      {rejecting && (
        <RejectDialog
          title={p.title}
          busy={moderate.isPending}
          onClose={() => setRejecting(false)}
          onConfirm={reject}
        />
      )}
    </li>
  )
}
