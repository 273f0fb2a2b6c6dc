// Reviewing a report (POST /api/vitrine/flags/{id}/review): resolve (the content is removed) or
// dismiss. Needs the network; every staff query is read again after it.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export type FlagReview = { id: string; action: "resolve" | "dismiss" }

export const reviewFlag = ({ id, action }: FlagReview) =>
  pb.send(`/api/vitrine/flags/${encodeURIComponent(id)}/review`, { method: "POST", body: { action } })

export function useReviewFlag() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: reviewFlag,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
