// Dates as the interface shows them, in Portuguese. PocketBase sends "2026-11-22 06:00:00.000Z".
import { format, formatDistanceToNow } from "date-fns"
import { ptBR } from "date-fns/locale/pt-BR"

export function parsePbDate(iso: string): Date {
  return new Date(iso.replace(" ", "T"))
}

/** 'há 5 minutos' (comments and notifications). */
export function timeAgo(iso: string): string {
  const d = parsePbDate(iso)
  return Number.isNaN(d.getTime()) ? "" : formatDistanceToNow(d, { locale: ptBR, addSuffix: true })
}

/** '22 de novembro, 2026'. */
export function formatDate(iso: string): string {
  const d = parsePbDate(iso)
  return Number.isNaN(d.getTime()) ? "" : format(d, "d 'de' MMMM, yyyy", { locale: ptBR })
}
