// /admin/flags: tabs 'Abertas (n)' / 'Todas (n)'; each report with its target, reason, reporter,
// reviewer (after review), date and a look at the content; open ones can be resolved ('Remover
// Conteúdo', after confirming) or dismissed ('Rejeitar Denúncia').
import { useState } from "react"
import { Link } from "react-router-dom"
import { Avatar } from "@/components/ui/avatar"
import { ConfirmDialog } from "@/components/ui/confirm-dialog"
import { toast } from "@/components/ui/toast"
import { paths } from "@/config/paths"
import { cn } from "@/lib/cn"
import { timeAgo } from "@/lib/time-ago"
import { errorMessage } from "@/lib/pocketbase"
import { useFlags, type FlagItem } from "../api/get-flags"
import { useReviewFlag } from "../api/review-flag"
import { settle } from "@/lib/settle"
import { PillTabs } from "@/components/ui/pill-tabs"

const statusText = { open: "Aberta", resolved: "Conteúdo removido", dismissed: "Denúncia rejeitada" } as const
const statusTone = {
  open: "bg-red-50 text-red-700 ring-red-200",
  resolved: "bg-stone-100 text-stone-700 ring-stone-200",
  dismissed: "bg-stone-100 text-stone-700 ring-stone-200",
} as const

export function FlagsPage() {
  const [tab, setTab] = useState<"open" | "all">("open")
  const open = useFlags("open")
  const all = useFlags("all")
  const shown = tab === "open" ? open : all
  return (
    <div className="space-y-6">
      <title>Denúncias — Vitrine</title>
      <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">Denúncias</h1>
      <PillTabs
        tabs={[
          ["open", `Abertas (${open.data?.total ?? 0})`],
          ["all", `Todas (${all.data?.total ?? 0})`],
        ]}
        value={tab}
        onChange={setTab}
      />
      <div role="tabpanel">
        {shown.isPending ? (
          <div className="h-40 animate-pulse rounded-2xl bg-stone-100" aria-busy="true" />
        ) : shown.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(shown.error)}
          </p>
        ) : shown.data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center text-stone-600">
            {tab === "open" ? "Nenhuma denúncia aberta" : "Nenhuma denúncia ainda"}
          </p>
        ) : (
          <ul className="space-y-3">
            {shown.data.items.map((f) => (
              <FlagCard key={f.id} flag={f} />
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function FlagCard({ flag: f }: { flag: FlagItem }) {
  const review = useReviewFlag()
  const [confirming, setConfirming] = useState(false)
  const isComment = f.targetType === "comment"
  const act = (action: "resolve" | "dismiss") =>
    settle(
      review,
      { id: f.id, action },
      {
        onSuccess: () => {
          setConfirming(false)
          toast({ title: "Denúncia revisada" })
        },
        onError: (err) =>
          toast({ title: "Erro ao revisar denúncia", description: errorMessage(err), variant: "error" }),
      },
    )
  const contentHref = f.product
    ? paths.product(f.product.slug) + (isComment && f.commentId ? `#comment-${f.commentId}` : "")
    : ""

  return (
    <li className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm" data-testid="flag">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-800 ring-1 ring-amber-200">
          {isComment ? "Comentário" : "Produto"}
        </span>
        <span className={cn("rounded-full px-2 py-0.5 font-semibold ring-1", statusTone[f.status])}>
          {statusText[f.status]}
        </span>
        <span className="text-stone-500">{timeAgo(f.created)}</span>
      </div>
      <p className="text-sm break-words text-stone-900">
        <span className="font-semibold">Motivo:</span> {f.reason}
      </p>
      <div className="rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-700">
        {isComment ? (
          f.commentText ? (
            <blockquote className="break-words whitespace-pre-wrap">“{f.commentText}”</blockquote>
          ) : (
            <p className="text-stone-500 italic">Comentário removido</p>
          )
        ) : null}
        {f.product ? (
          <Link to={contentHref} className="mt-1 block font-medium text-brand-700 hover:underline">
            {isComment ? `em ${f.product.title}` : f.product.title}
          </Link>
        ) : (
          <p className="text-stone-500 italic">Produto removido</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-stone-600">
        {f.reporter && (
          <span className="flex items-center gap-1.5">
            <Avatar name={f.reporter.displayName} src={f.reporter.avatarUrl} size={20} />
            Denunciado por {f.reporter.displayName}
          </span>
        )}
        {f.status !== "open" && f.reviewer && (
          <span>
            Revisado por {f.reviewer}
            {f.reviewedAt && ` ${timeAgo(f.reviewedAt)}`}
          </span>
        )}
      </div>
      {f.status === "open" && (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <button
            type="button"
            onClick={() => act("dismiss")}
            disabled={review.isPending}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-50"
          >
            Rejeitar Denúncia
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={review.isPending}
            className="rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:opacity-50"
          >
            Remover Conteúdo
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => act("resolve")}
        busy={review.isPending}
        title="Remover conteúdo?"
        description={
          isComment
            ? "O comentário será removido da página do produto."
            : "O produto será rejeitado e sairá da vitrine. O maker verá o motivo da denúncia."
        }
        confirmLabel="Remover"
      />
    </li>
  )
}
