import { describe, expect, it } from "vitest"
import { summarize } from "./stats-chart"

const days = ["2025-03-12", "2025-03-13", "2025-03-14"].map((day) => ({
  day,
  views: 0,
  clicks: 0,
  votes: 0,
  comments: 0,
}))
const unit = { singular: "visita", plural: "visitas", none: "Nenhuma visita" }

describe("the chart's text summary", () => {
  it("says the total, the peak day and today", () => {
    expect(summarize(days, [2, 5, 1], unit)).toBe("8 visitas nos últimos 3 dias; pico de 5 em 13/03; hoje, 1.")
  })
  it("says when there is nothing", () => {
    expect(summarize(days, [0, 0, 0], unit)).toBe("Nenhuma visita nos últimos 3 dias.")
  })
})
