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

/** A calendar day 'AAAA-MM-DD' (the server's São Paulo days) as a local date, for formatting. */
function dayDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** '14 de março de 2025' from '2025-03-14'. */
export function formatDay(day: string): string {
  return format(dayDate(day), "d 'de' MMMM 'de' yyyy", { locale: ptBR })
}

/** '14/03' from '2025-03-14'. */
export function formatShortDay(day: string): string {
  return format(dayDate(day), "dd/MM", { locale: ptBR })
}

/** 'março de 2025' from '2025-03' (or a day of that month). */
export function formatMonth(month: string): string {
  return format(dayDate(month.slice(0, 7) + "-01"), "MMMM 'de' yyyy", { locale: ptBR })
}
