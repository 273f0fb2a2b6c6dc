// The product page's comments: the form (or 'Faça login para comentar'), the thread oldest first,
// and the jump to #comment-{id} when a notification links to one. Loaded lazily with the page.
import { useDeferredValue, useEffect, useMemo } from "react"
import { useLocation } from "react-router-dom"
import { useAuthDialog } from "@/components/auth-dialog"
import { Button } from "@/components/ui/button"
import { toast } from "@/components/ui/toast"
import type { CommentsSlotProps } from "@/components/product-slots"
import { messages } from "@/config/rules"
import { useAuth } from "@/lib/auth"
import { mapPerson, namedOnly } from "@/lib/mapping/person"
import { errorMessage } from "@/lib/pocketbase"
import { usedSinceArrival } from "@/lib/user-input"
import { useOutbox } from "@/lib/use-outbox"
import { useComments, type CommentItem as CommentData } from "../api/get-comments"
import { buildThread } from "../api/thread"
import { COMMENT_KIND, type NewComment } from "../api/create-comment"
import { CommentForm } from "./comment-form"
import { CommentTargetContext } from "./comment-target"
import { CommentItem } from "./comment-item"

export function CommentsSection({ productId, productTitle, productPath, open, onChanged }: CommentsSlotProps) {
  const { user } = useAuth()
  const { openDialog } = useAuthDialog()
  const comments = useComments(productId)
  // the thread is drawn in an interruptible render, not in the one the answer's arrival forces
  // (React Query's store updates render synchronously, in one task): in Lighthouse traces of the
  // product page that task ran 100-220 ms at full CPU speed, four times that on its phone
  const data = useDeferredValue(comments.data)
  const { isError, error } = comments
  const loading = data === undefined && !isError
  const queued = useOutbox(COMMENT_KIND)
  // the server's comments, then this user's queued ones (marked 'pendente' or failed)
  const items = useMemo(() => {
    const stored = data ?? []
    const have = new Set(stored.map((c) => c.id))
    const mine: CommentData[] = queued
      .map((o) => ({ op: o, c: o.payload as NewComment }))
      .filter(({ c }) => c.productId === productId && !have.has(c.id))
      .map(({ op, c }) => ({
        id: c.id,
        parent: c.parentId,
        content: c.content.trim(),
        created: new Date(op.createdAt).toISOString(),
        userId: c.userId,
        author: mapPerson(user) ?? namedOnly("Você"),
        pending: op.state === "pending",
        failed: op.state === "failed" ? (op.lastError?.message ?? "Não foi possível enviar") : undefined,
        outboxSeq: op.seq,
      }))
    return [...stored, ...mine]
  }, [data, queued, productId, user])
  const thread = useMemo(() => buildThread(items), [items])
  const highlighted = useScrollToComment(!!data)

  const target = useMemo(() => ({ title: productTitle, href: productPath }), [productTitle, productPath])

  // a product in review (or rejected): only this, no empty thread and no form
  if (!open)
    return (
      <p className="mt-4 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-600">
        Os comentários abrem quando o produto for publicado.
      </p>
    )
  return (
    <CommentTargetContext value={target}>
      <div className="mt-4 space-y-6">
        {user ? (
          <CommentForm productId={productId} userId={user.id} onChanged={onChanged} />
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-xl bg-stone-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-stone-700">Faça login para comentar</p>
            <Button
              variant="secondary"
              onClick={() => {
                toast({ title: messages.loginToComment, variant: "info" })
                openDialog("login", focusCommentBox) // back to the comment box once signed in
              }}
            >
              Entrar
            </Button>
          </div>
        )}

        {loading && !queued.length ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando comentários">
            {[0, 1].map((i) => (
              <div key={i} className="flex animate-pulse gap-3">
                <div className="size-9 rounded-full bg-stone-200" />
                <div className="flex-1 space-y-2">
                  <div className="h-3 w-32 rounded bg-stone-200" />
                  <div className="h-3 w-3/4 rounded bg-stone-200" />
                </div>
              </div>
            ))}
          </div>
        ) : isError && !items.length ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(error)}
          </p>
        ) : thread.length === 0 ? (
          <p className="text-sm text-stone-500">Nenhum comentário ainda. Seja o primeiro a comentar!</p>
        ) : (
          <ul className="space-y-1" aria-label="Comentários">
            {thread.map((node) => (
              <CommentItem
                key={node.id}
                node={node}
                productId={productId}
                userId={user?.id ?? ""}
                canReply={open && !!user}
                depth={0}
                highlighted={highlighted}
                onChanged={onChanged}
              />
            ))}
          </ul>
        )}
      </div>
    </CommentTargetContext>
  )
}

/**
 * Once the comments are in, scrolls the #comment-{id} of the address into view, unless the user has
 * begun to use the page meanwhile (usedSinceArrival); that comment stays marked while the address
 * names it (like a permalink).
 */
function useScrollToComment(ready: boolean): string {
  const { hash } = useLocation()
  const target = hash.startsWith("#comment-") ? hash.slice("#comment-".length) : ""
  useEffect(() => {
    if (ready && target && !usedSinceArrival())
      document.getElementById(`comment-${target}`)?.scrollIntoView({ block: "center" })
  }, [ready, target])
  return target
}

/** Brings the comment box into view and focus once it is there (it renders after the sign-in). */
function focusCommentBox() {
  let tries = 0
  const look = () => {
    const box = document.querySelector<HTMLTextAreaElement>('form[aria-label="Novo comentário"] textarea')
    if (box) {
      box.scrollIntoView({ block: "center" })
      box.focus()
    } else if (++tries < 40) setTimeout(look, 50)
  }
  look()
}
