// 'há 5 minutos', 'há cerca de 1 hora' (comments, notifications, moderation), in date-fns's
// Portuguese wording. Kept apart from ./dates.ts so pages that only show dates load no date library.
import { formatDistanceToNow } from "date-fns"
import { ptBR } from "date-fns/locale/pt-BR"
import { parsePbDate } from "./dates"

export function timeAgo(iso: string): string {
  const d = parsePbDate(iso)
  return Number.isNaN(d.getTime()) ? "" : formatDistanceToNow(d, { locale: ptBR, addSuffix: true })
}
