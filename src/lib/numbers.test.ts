import { describe, expect, it } from "vitest"
import { formatInt } from "./numbers"

describe("formatInt", () => {
  it("groups digits as pt-BR does, the same as toLocaleString('pt-BR')", () => {
    for (const n of [0, 7, 999, 1000, 1234, 12345, 150000, 1234567, -1234, 2 ** 40])
      expect(formatInt(n)).toBe(n.toLocaleString("pt-BR"))
  })
})
