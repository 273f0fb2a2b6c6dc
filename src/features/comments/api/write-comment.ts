// Writing comments. Each comment carries a client-generated id, so sending it twice stores it once
// (the copy is refused as not unique); the offline outbox relies on that. Deleting is a soft
// delete by the author (is_deleted), which the server counts out of comment_count.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { commentKeys } from "./get-comments"

export interface NewComment {
  id: string
  productId: string
  parentId: string
  userId: string
  content: string
}

/** The one function every new comment goes through. */
export function sendComment(c: NewComment) {
  return pb.collection("comments").create({
    id: c.id,
    product: c.productId,
    parent: c.parentId,
    user: c.userId,
    content: c.content.trim(),
  })
}

export function sendCommentDelete(id: string) {
  return pb.collection("comments").update(id, { is_deleted: true })
}

export function useCreateComment(productId: string, onChanged?: () => void) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: sendComment,
    onSuccess: () => onChanged?.(),
    onSettled: () => qc.invalidateQueries({ queryKey: commentKeys.list(productId) }),
  })
}

export function useDeleteComment(productId: string, onChanged?: () => void) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: sendCommentDelete,
    onSuccess: () => onChanged?.(),
    onSettled: () => qc.invalidateQueries({ queryKey: commentKeys.list(productId) }),
  })
}
