// Approving or rejecting (with a reason) a pending product through the staff routes
// (POST /api/vitrine/admin/products/{id}/approve | reject). Needs the network; every staff query is
// read again after it.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export type ModerationDecision = { id: string; decision: "approve" | "reject"; reason?: string }

export const moderateProduct = ({ id, decision, reason }: ModerationDecision) =>
  pb.send(`/api/vitrine/admin/products/${encodeURIComponent(id)}/${decision}`, {
    method: "POST",
    body: decision === "reject" ? { reason } : {},
  })

export function useModerateProduct() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: moderateProduct,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
