// Reporting a product or a comment. The server checks the reason (10-500 characters), that the
// target is visible, and that the user has no open report on it yet. Needs the network.
import { useMutation } from "@tanstack/react-query"
import type { ReportTarget } from "@/components/product-slots"
import { pb } from "@/lib/pocketbase"

export function sendFlag(target: ReportTarget, reporterId: string, reason: string) {
  return pb.collection("flags").create({
    target_type: target.type,
    product: target.productId,
    comment: target.type === "comment" ? target.commentId : "",
    reporter: reporterId,
    reason: reason.trim(),
  })
}

export function useCreateFlag() {
  return useMutation({
    mutationFn: (v: { target: ReportTarget; reporterId: string; reason: string }) =>
      sendFlag(v.target, v.reporterId, v.reason),
  })
}
