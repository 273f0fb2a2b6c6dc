import { paths } from "@/config/paths"
import type { NotificationItem } from "../api/get-notifications"

/** What a notification says (spec fallbacks: actor 'Alguém', product 'seu produto'). */
export function notificationText(n: NotificationItem): string {
  const actor = n.actor?.displayName || "Alguém"
  const product = n.productTitle || "seu produto"
  switch (n.type) {
    case "new_vote":
      return `${actor} votou em ${product}`
    case "new_comment":
      return `${actor} comentou em ${product}${n.commentPreview ? `: “${n.commentPreview}”` : ""}`
    case "product_approved":
      return `Seu produto ${product} foi aprovado e já está publicado!`
    case "product_rejected":
      return `Seu produto ${product} foi rejeitado${n.reason ? `: ${n.reason}` : ""}`
  }
}

export function notificationHref(n: NotificationItem): string | null {
  if (!n.productSlug) return null
  return paths.product(n.productSlug) + (n.commentId ? `#comment-${n.commentId}` : "")
}
