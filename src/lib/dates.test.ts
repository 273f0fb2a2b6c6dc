// The dates the interface shows, written out by hand, read exactly as they did with
// date-fns (the texts of the spec: '22 de novembro, 2026', '14 de março de 2025', '14/03',
// 'março de 2025'), every day of a leap year and the next.
import { format } from "date-fns"
import { ptBR } from "date-fns/locale/pt-BR"
import { expect, it, vi } from "vitest"
import { formatDate, formatDay, formatMonth, formatShortDay } from "./dates"

const days = Array.from({ length: 731 }, (_, i) => new Date(2024, 0, 1 + i))
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`

it("reads the spec's examples", () => {
  expect(formatDay("2025-03-14")).toBe("14 de março de 2025")
  expect(formatShortDay("2025-03-04")).toBe("04/03")
  expect(formatMonth("2025-03")).toBe("março de 2025")
  expect(formatDate(new Date(2026, 10, 22, 6).toISOString().replace("T", " "))).toBe("22 de novembro, 2026")
  expect(formatDate("not a date")).toBe("")
})

it("says every day as date-fns said it", () => {
  for (const d of days) {
    const day = ymd(d)
    expect(formatDay(day)).toBe(format(d, "d 'de' MMMM 'de' yyyy", { locale: ptBR }))
    expect(formatShortDay(day)).toBe(format(d, "dd/MM", { locale: ptBR }))
    expect(formatMonth(day)).toBe(format(d, "MMMM 'de' yyyy", { locale: ptBR }))
    const noon = new Date(d.getFullYear(), d.getMonth(), d.getDate(), 12)
    expect(formatDate(noon.toISOString().replace("T", " "))).toBe(format(noon, "d 'de' MMMM, yyyy", { locale: ptBR }))
  }
})

it("formats without Intl (a page's first formatter loads the browser's locale and time zone data)", async () => {
  vi.resetModules()
  const made = vi.spyOn(Intl, "DateTimeFormat")
  try {
    const fresh = await import("./dates")
    expect(fresh.formatDate("2026-11-22 12:00:00.000Z")).toMatch(/^2[12] de novembro, 2026$/)
    expect(fresh.formatDay("2025-03-14") + fresh.formatShortDay("2025-03-14") + fresh.formatMonth("2025-03")).toBe(
      "14 de março de 202514/03março de 2025",
    )
    expect(made).not.toHaveBeenCalled()
  } finally {
    made.mockRestore()
  }
})
