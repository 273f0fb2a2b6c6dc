// Writing a comment. A new comment goes through the outbox (src/lib/outbox.ts): stored first, sent
// at once when online, later when not, always with its author's token. It carries a
// client-generated id, so sending it twice stores it once: the server refuses the copy as not
// unique, which counts as sent. The handler is registered when this module loads: whatever can
// submit a comment can also send it.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { useAuth } from "@/lib/auth"
import { onOutboxEvent, registerOutboxHandler, submit } from "@/lib/outbox"
import { ClientResponseError, pb } from "@/lib/pocketbase"
import { oncePerClient, rereadAfterWrite } from "@/lib/query-client"
import { commentKeys } from "./keys"

export const COMMENT_KIND = "comment.create"

export interface NewComment {
  id: string
  productId: string
  parentId: string
  userId: string
  content: string
}

/** Sends one new comment as its author; a replay of one already stored counts as sent. */
export async function sendComment(c: NewComment, token: string) {
  try {
    return await pb.collection("comments").create(
      {
        id: c.id,
        product: c.productId,
        parent: c.parentId,
        user: c.userId,
        content: c.content.trim(),
      },
      { headers: { Authorization: token } },
    )
  } catch (err) {
    const idError = err instanceof ClientResponseError ? (err.response?.data?.id as { code?: string }) : undefined
    if (idError?.code === "validation_not_unique") return { id: c.id }
    throw err
  }
}

registerOutboxHandler(COMMENT_KIND, (payload, _op, ctx) => sendComment(payload as NewComment, ctx.token))

/** The list to re-read after a comment is sent; bound once per QueryClient (see bindVoteCaches). */
export const bindCommentCaches = oncePerClient((qc) =>
  onOutboxEvent((e) => {
    if (e.type === "sent" && e.op.kind === COMMENT_KIND)
      rereadAfterWrite(qc, commentKeys.list((e.op.payload as NewComment).productId))
  }),
)

export function useCreateComment(productId: string, onChanged?: () => void, where?: { title: string; href: string }) {
  const { user } = useAuth()
  const qc = useQueryClient()
  useEffect(() => bindCommentCaches(qc), [qc])
  return useMutation({
    mutationFn: (c: NewComment) =>
      submit({
        kind: COMMENT_KIND,
        entityKey: `comment:${productId}`,
        payload: c,
        userId: user?.id ?? "",
        opId: c.id,
        label: where ? `Comentário em ${where.title}` : "Comentário",
        href: where ? `${where.href}#comment-${c.id}` : undefined,
      }),
    onSuccess: (outcome) => {
      if (outcome.status === "sent") onChanged?.()
    },
  })
}
