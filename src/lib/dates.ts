// Dates as the interface shows them, in Portuguese (Intl, built into the browser: no date library
// with the first screen of a product page or the ranking). 'há 5 minutos': ./time-ago.ts.
// PocketBase sends "2026-11-22 06:00:00.000Z".

export function parsePbDate(iso: string): Date {
  return new Date(iso.replace(" ", "T"))
}

// made once: building a formatter costs more than formatting with it
const LONG = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric" })
const DAY_MONTH = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit" })
const MONTH_YEAR = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric" })

/** '22 de novembro, 2026'. */
export function formatDate(iso: string): string {
  const d = parsePbDate(iso)
  if (Number.isNaN(d.getTime())) return ""
  const parts = LONG.formatToParts(d)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value
  return `${part("day")} de ${part("month")}, ${part("year")}`
}

/** A calendar day 'AAAA-MM-DD' (the server's São Paulo days) as a local date, for formatting. */
function dayDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** '14 de março de 2025' from '2025-03-14'. */
export function formatDay(day: string): string {
  return LONG.format(dayDate(day))
}

/** '14/03' from '2025-03-14'. */
export function formatShortDay(day: string): string {
  return DAY_MONTH.format(dayDate(day))
}

/** 'março de 2025' from '2025-03' (or a day of that month). */
export function formatMonth(month: string): string {
  return MONTH_YEAR.format(dayDate(month.slice(0, 7) + "-01"))
}
