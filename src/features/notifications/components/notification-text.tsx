import { paths } from "@/config/paths"
import { SOMEONE } from "@/lib/mapping/person"
import type { NotificationItem } from "../api/get-notifications"

/** What a notification says (spec fallbacks: actor 'Alguém', product 'seu produto'). */
export function notificationText(n: NotificationItem): string {
  const actor = n.actor?.displayName || SOMEONE
  const product = n.productTitle || "seu produto"
  switch (n.type) {
    case "new_vote":
      return `${actor} votou em ${product}`
    case "new_comment":
      if (n.commentRemoved) return `${actor} comentou em ${product}: Comentário removido`
      return `${actor} comentou em ${product}${n.commentPreview ? `: “${n.commentPreview}”` : ""}`
    case "product_approved":
      return `Seu produto ${product} foi aprovado e já está publicado!`
    case "product_rejected":
      return `Seu produto ${product} foi rejeitado${n.reason ? `: ${n.reason}` : ""}`
    case "new_product":
      return `${actor} lançou ${product}`
    case "daily_rank":
      return `Seu produto ficou em ${n.rank}º lugar em ${shortDay(n.day)}: ${product}`
  }
}

/** 'DD/MM' of 'AAAA-MM-DD' (no date library: the bell stays light). */
function shortDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`
}

export function notificationHref(n: NotificationItem): string | null {
  // the place of the day opens that day's ranking
  if (n.type === "daily_rank" && n.day) return paths.rankingDay(n.day)
  if (!n.productSlug) return null
  return paths.product(n.productSlug) + (n.commentId ? `#comment-${n.commentId}` : "")
}
