// The comment (or reply) form: live n/500 counter, submit disabled under 10 characters (after
// trimming), the server's message as a toast when it refuses.
import { useId, useState } from "react"
import { Button } from "@/components/ui/button"
import { toast } from "@/components/ui/toast"
import { limits, messages } from "@/config/rules"
import { graphemeCount, textProblem } from "@/config/text"
import { newRecordId } from "@/lib/ids"
import { errorMessage } from "@/lib/pocketbase"
import { useCreateComment } from "../api/create-comment"
import { useCommentTarget } from "./comment-target"
import { settle } from "@/lib/settle"
import { useUnsavedInput } from "@/lib/activity"

export function CommentForm({
  productId,
  userId,
  parentId = "",
  onDone,
  onChanged,
  autoFocus,
}: {
  productId: string
  userId: string
  parentId?: string
  onDone?: () => void
  onChanged?: () => void
  autoFocus?: boolean
}) {
  const id = useId()
  const [text, setText] = useState("")
  const create = useCreateComment(productId, onChanged, useCommentTarget())
  // what the server will say, counted the same way (user-perceived characters)
  const problem = textProblem(
    text.trim(),
    limits.comment.min,
    limits.comment.max,
    messages.commentMin,
    messages.commentMax,
  )
  const tooShort = problem !== ""
  const label = parentId ? "Sua resposta" : "Seu comentário"
  useUnsavedInput(text.trim() !== "")

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (tooShort || create.isPending) return
    settle(
      create,
      { id: newRecordId(), productId, parentId, userId, content: text },
      {
        onSuccess: (outcome) => {
          setText("")
          if (outcome.status === "sent") toast({ title: "Comentário publicado!" })
          else if (outcome.status === "offline")
            toast({
              title: "Sem conexão",
              description: "Seu comentário foi salvo e será publicado quando a conexão voltar.",
              variant: "info",
            })
          else
            toast({
              title: "Comentário na fila",
              description: "Seu comentário será publicado em instantes.",
              variant: "info",
            })
          onDone?.()
        },
        onError: (err) => toast({ title: errorMessage(err), variant: "error" }),
      },
    )
  }

  return (
    <form onSubmit={submit} className="space-y-2" aria-label={parentId ? "Responder comentário" : "Novo comentário"}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={parentId ? 2 : 3}
        autoFocus={autoFocus}
        placeholder={parentId ? "Escreva uma resposta..." : "Compartilhe sua opinião sobre este produto..."}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-stone-500 tabular-nums" aria-live="polite">
          {graphemeCount(text)}/{limits.comment.max}
          {/* under the minimum the disabled button says enough; anything else is told */}
          {problem && problem !== messages.commentMin && text.trim() !== "" && (
            <span className="ml-2 text-red-700">{problem}</span>
          )}
        </span>
        <div className="flex gap-2">
          {onDone && (
            <Button variant="ghost" onClick={onDone} disabled={create.isPending}>
              Cancelar
            </Button>
          )}
          <Button type="submit" disabled={tooShort || create.isPending} aria-busy={create.isPending}>
            {parentId ? "Responder" : "Comentar"}
          </Button>
        </div>
      </div>
    </form>
  )
}
