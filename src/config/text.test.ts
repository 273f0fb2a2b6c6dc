// The text rules shared with the server (pb_hooks/lib/text.js): the same table runs against the
// server's routes in tests/hardening.test.ts.
import { describe, expect, it } from "vitest"
import { messages } from "./rules"
import text from "../../pb_hooks/lib/text.js"
import { graphemeCount, splitTags, textProblem, urlProblem } from "./text"

describe("graphemeCount", () => {
  it.each([
    ["abc", 3],
    ["Educação", 8],
    ["e\u0301", 1], // e + combining acute
    ["👍", 1],
    ["👍🏽", 1], // skin tone
    ["👨‍👩‍👧‍👦", 1], // family: zero-width joiner sequence
    ["🇧🇷🇵🇹", 2], // two flags
    ["1️⃣", 1], // keycap
    ["❤️", 1], // variation selector
    ["🏴󠁧󠁢󠁳󠁣󠁴󠁿", 1], // tag sequence
    ["👍".repeat(60), 60],
    ["", 0],
  ])("%s has %i characters", (s, n) => expect(graphemeCount(s)).toBe(n))
})

// Text of Latin characters only is judged by two regular expressions (pb_hooks/lib/text.js):
// the same verdicts as the walk over code points, on strings made of every kind of character
// that shortcut takes, including the ones it must still refuse or count as invisible.
describe("textProblem on Latin text", () => {
  const walk = (s: string, min: number, max: number) => {
    if (text.hasControl(s)) return messages.textControl
    const n = graphemeCount(s)
    if (n > 0 && text.isInvisible(s)) return messages.textInvisible
    if (min > 0 && n < min) return "min"
    return n > max ? "max" : ""
  }
  const pieces = ["a", "Ç", "ã", "ſ", "ʼ", "˙", " ", "\u00a0", "\u00ad", "\t", "\n", "\r", "~", "é", "0", "\u02ff"]
  it("gives the walk's verdict for every mix of its characters", () => {
    let seed = 7
    const next = () => (seed = (seed * 48271) % 2147483647) // exact in doubles
    for (let i = 0; i < 3000; i++) {
      let s = ""
      for (let k = next() % 14; k > 0; k--) s += pieces[next() % pieces.length]
      expect(textProblem(s, 3, 10, "min", "max"), JSON.stringify(s)).toBe(walk(s, 3, 10))
    }
  })
  it("still refuses what is outside it: control characters, combining marks, other scripts", () => {
    for (const s of ["abc\u0085def", "abc\u007f", "e\u0301e\u0301e\u0301", "日本語です", "ab\u200bc\u200b"])
      expect(textProblem(s, 3, 10, "min", "max"), JSON.stringify(s)).toBe(walk(s, 3, 10))
  })
})

describe("textProblem", () => {
  const title = (s: string) => textProblem(s, 5, 100, messages.titleMin, messages.titleMax)
  it("counts user-perceived characters: 60 emoji fit 100, three emoji are not five", () => {
    expect(title("🚀".repeat(60))).toBe("")
    expect(title("👨‍👩‍👧‍👦".repeat(100))).toBe("")
    expect(title("👨‍👩‍👧‍👦".repeat(101))).toBe(messages.titleMax)
    expect(title("🚀🚀🚀")).toBe(messages.titleMin)
  })
  it.each(["\u0000abcde", "abc\u0000de", "abcde\u0007", "ab\u001bcdef"])("refuses control characters in %j", (s) =>
    expect(title(s)).toBe(messages.textControl),
  )
  it.each([
    "\u200b\u200b\u200b\u200b\u200b",
    "\u202e\u202d\u2066\u2069\u200f",
    "\u3164\u3164\u3164\u3164\u3164",
    "\ufeff\u00a0\u2800\u200c\u200d\u2060",
  ])("refuses text made only of invisible characters %j", (s) => expect(title(s)).toBe(messages.textInvisible))
  it("keeps line breaks and tabs", () => {
    expect(textProblem("linha um\nlinha dois\tfim", 5, 100, "min", "max")).toBe("")
  })
})

describe("urlProblem", () => {
  it.each([
    ["https://exemplo.com.br", ""],
    ["http://meu-app.lovable.app/entrar?x=1#topo", ""],
    ["https://exemplo.com:8443/app", ""],
    ["https://café.com.br", ""],
    ["https://192.168.0.10/app", ""],
    ["exemplo.com", messages.urlInvalid],
    ["ftp://exemplo.com", messages.urlScheme],
    ["javascript:alert(1)", messages.urlScheme],
    ["https://ex.com/ a", messages.urlInvalid],
    ["http://[::1]/app", messages.urlInvalid],
    ["https://host:99999", messages.urlInvalid],
    ["https://host:0", messages.urlInvalid],
    ["https://localhost/app", messages.urlInvalid],
    ["https://user:senha@exemplo.com", messages.urlInvalid],
    ["https://-exemplo.com", messages.urlInvalid],
    ["https://exemplo.com/\u0000", messages.urlInvalid],
  ])("%s -> %j", (url, problem) => expect(urlProblem(url)).toBe(problem))
})

describe("splitTags", () => {
  it("splits on commas, trims and lowercases", () => {
    expect(splitTags("Design, Marketing")).toEqual(["design", "marketing"])
    expect(splitTags(" ia ,, ")).toEqual(["ia"])
  })
})
