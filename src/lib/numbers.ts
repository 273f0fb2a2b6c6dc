// Whole numbers as pt-BR writes them (1.234.567), without Intl: a page's first
// toLocaleString("pt-BR") loads the browser's locale data, tens of milliseconds of a phone's main
// thread while /home shows its first cards ('N produtos encontrados').

/** `n` (an integer) with pt-BR digit grouping: 1234 -> "1.234". */
export function formatInt(n: number): string {
  const digits = String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  return n < 0 ? `-${digits}` : digits
}
