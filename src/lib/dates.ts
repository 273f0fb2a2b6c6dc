// Dates as the interface shows them, in Portuguese, written out by hand: no date library with the
// first screen of a product page or the ranking, and no Intl either (a page's first
// Intl.DateTimeFormat loads the browser's locale and time zone data: 15-66 ms of main thread on
// this machine, four times that on a phone, in the task that showed the product page).
// 'há 5 minutos': ./time-ago.ts. PocketBase sends "2026-11-22 06:00:00.000Z".

export function parsePbDate(iso: string): Date {
  return new Date(iso.replace(" ", "T"))
}

const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const

/** 'março de 2025' */
const monthYear = (d: Date) => `${MONTHS[d.getMonth()]!} de ${d.getFullYear()}`
const twoDigits = (n: number) => String(n).padStart(2, "0")

/** '22 de novembro, 2026' (the local day of an instant). */
export function formatDate(iso: string): string {
  const d = parsePbDate(iso)
  if (Number.isNaN(d.getTime())) return ""
  return `${d.getDate()} de ${MONTHS[d.getMonth()]!}, ${d.getFullYear()}`
}

/** A calendar day 'AAAA-MM-DD' (the server's São Paulo days) as a local date, for formatting. */
function dayDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** '14 de março de 2025' from '2025-03-14'. */
export function formatDay(day: string): string {
  const d = dayDate(day)
  return `${d.getDate()} de ${monthYear(d)}`
}

/** '14/03' from '2025-03-14'. */
export function formatShortDay(day: string): string {
  const d = dayDate(day)
  return `${twoDigits(d.getDate())}/${twoDigits(d.getMonth() + 1)}`
}

/** 'março de 2025' from '2025-03' (or a day of that month). */
export function formatMonth(month: string): string {
  return monthYear(dayDate(month.slice(0, 7) + "-01"))
}
