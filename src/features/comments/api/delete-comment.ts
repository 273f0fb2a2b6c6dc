// Deleting a comment: a soft delete by its author (comments update, is_deleted). Needs the network:
// offline it fails and says so; nothing is queued.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { commentKeys } from "./keys"

export function sendCommentDelete(id: string) {
  return pb.collection("comments").update(id, { is_deleted: true })
}

export function useDeleteComment(productId: string, onChanged?: () => void) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: sendCommentDelete,
    onSuccess: () => onChanged?.(),
    onSettled: () => qc.invalidateQueries({ queryKey: commentKeys.list(productId) }),
  })
}
