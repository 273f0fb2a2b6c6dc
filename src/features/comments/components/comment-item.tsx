// One comment with its replies: author, relative time, the text (always as text, never markup),
// and its actions: reply, report (others' comments), delete (own, after confirming).
import { lazy, Suspense, useState } from "react"
import { Link } from "react-router-dom"
import { Avatar } from "@/components/ui/avatar"
import { toast } from "@/components/ui/toast"
import { useProductSlots } from "@/components/product-slots"
import { paths } from "@/config/paths"
import { cn } from "@/lib/cn"
import { timeAgo } from "@/lib/time-ago"
import { discard } from "@/lib/outbox"

// the confirmation (Headless UI's dialog) loads the first time a delete is asked for
const ConfirmDialog = lazy(() => import("@/components/ui/confirm-dialog").then((m) => ({ default: m.ConfirmDialog })))
import { errorMessage } from "@/lib/pocketbase"
import type { ThreadNode } from "../api/thread"
import { useDeleteComment } from "../api/delete-comment"
import { CommentForm } from "./comment-form"
import { settle } from "@/lib/settle"

/** Replies indent up to this depth; deeper ones line up with their parent. */
const MAX_INDENT = 3
const actionClass = "text-xs font-semibold text-stone-500 hover:text-brand-700"

export function CommentItem({
  node,
  productId,
  userId,
  canReply,
  depth,
  highlighted,
  onChanged,
}: {
  node: ThreadNode
  productId: string
  userId: string
  canReply: boolean
  depth: number
  highlighted: string
  onChanged?: () => void
}) {
  const { Report } = useProductSlots()
  const [replying, setReplying] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [askedOnce, setAskedOnce] = useState(false)
  const remove = useDeleteComment(productId, onChanged)
  const c = node.comment
  const own = !!c && c.userId === userId

  const confirmDelete = () => {
    if (!c) return
    settle(remove, c.id, {
      onSuccess: () => {
        setConfirming(false)
        toast({ title: "Comentário removido!" })
      },
      onError: (err) =>
        toast({ title: "Erro ao remover comentário", description: errorMessage(err), variant: "error" }),
    })
  }

  return (
    <li id={`comment-${node.id}`} className="scroll-mt-36 md:scroll-mt-24">
      {c ? (
        <div
          className={cn(
            "flex gap-3 rounded-xl p-3 transition-colors",
            highlighted === c.id && "bg-amber-50 ring-2 ring-amber-300",
          )}
          data-testid="comment"
        >
          <Avatar name={c.author.displayName} src={c.author.avatarUrl} size={36} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              {c.author.username ? (
                <Link to={paths.maker(c.author.username)} className="font-semibold text-stone-900 hover:text-brand-700">
                  {c.author.displayName}
                </Link>
              ) : (
                <span className="font-semibold text-stone-900">{c.author.displayName}</span>
              )}
              <time dateTime={c.created} className="text-xs text-stone-500">
                {timeAgo(c.created)}
              </time>
              {c.pending && (
                <span
                  className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-800"
                  data-testid="comment-pending"
                >
                  pendente
                </span>
              )}
            </p>
            <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-stone-800">{c.content}</p>
            {c.failed && (
              <p className="mt-1 flex flex-wrap items-center gap-3 text-xs text-red-700" role="alert">
                Não enviado: {c.failed}
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => c.outboxSeq !== undefined && void discard(c.outboxSeq)}
                >
                  Descartar
                </button>
              </p>
            )}
            <div className={cn("mt-2 flex flex-wrap items-center gap-4", (c.pending || c.failed) && "hidden")}>
              {canReply && (
                <button type="button" className={actionClass} onClick={() => setReplying((r) => !r)}>
                  Responder
                </button>
              )}
              {!own && Report && (
                <Report
                  target={{ type: "comment", productId, commentId: c.id }}
                  label={`comentário de ${c.author.displayName}`}
                  className={actionClass}
                />
              )}
              {own && (
                <button
                  type="button"
                  className="text-xs font-semibold text-red-600 hover:text-red-800"
                  onClick={() => {
                    setAskedOnce(true)
                    setConfirming(true)
                  }}
                >
                  Deletar
                </button>
              )}
            </div>
            {replying && (
              <div className="mt-3">
                <CommentForm
                  productId={productId}
                  userId={userId}
                  parentId={c.id}
                  onDone={() => setReplying(false)}
                  onChanged={onChanged}
                  autoFocus
                />
              </div>
            )}
          </div>
          {own && askedOnce && (
            <Suspense fallback={null}>
              <ConfirmDialog
                open={confirming}
                onClose={() => setConfirming(false)}
                onConfirm={confirmDelete}
                busy={remove.isPending}
                title="Deletar comentário?"
                description="Esta ação não pode ser desfeita. O comentário será removido permanentemente."
              />
            </Suspense>
          )}
        </div>
      ) : (
        <p className="p-3 text-sm text-stone-500 italic">Comentário removido</p>
      )}
      {node.replies.length > 0 && (
        <ul
          className={cn("space-y-1", depth < MAX_INDENT && "ml-5 border-l-2 border-stone-100 pl-3 sm:ml-8 sm:pl-4")}
          aria-label="Respostas"
        >
          {node.replies.map((r) => (
            <CommentItem
              key={r.id}
              node={r}
              productId={productId}
              userId={userId}
              canReply={canReply}
              depth={depth + 1}
              highlighted={highlighted}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </li>
  )
}
