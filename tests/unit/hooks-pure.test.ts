// The hooks' pure modules (no PocketBase API in them), tested directly in Node: the listing's and
// the ranking's cursors, São Paulo launch days, the search parser/stemmer and the server's own
// address for its gzip copies. The integration tests cover them
// again through the real server; these pin their edge cases cheaply.
import { describe, expect, it } from "vitest"
import { loadHookModule } from "./hook-modules"

/** A pure hook module (pb_hooks/lib/`name`), loaded as PocketBase's JS engine does. */
const load = (name: string) => loadHookModule(name, { pure: true })
const cursors = load("products-cursor.js") as {
  encodeCursor: (c: object) => string
  decodeCursor: (raw: string, mode: string, window: number) => object | null
  decodeRankCursor: (raw: string, column: string, key: string) => object | null
  encodeBase64Url: (s: string) => string
  decodeBase64Url: (s: string) => string | null
}
const days = load("launch-days.js") as {
  dayOf: (ms: number) => string
  isDay: (s: string) => boolean
  addDays: (day: string, n: number) => string
  weekOf: (day: string) => string
  monthOf: (day: string) => string
}
const search = load("products-search.js") as {
  parse: (q: string) => { kind: string; match?: string }
  stem: (w: string) => string
  fold: (s: string) => string
}

const loopback = load("loopback.js") as { selfUrl: (args: string[]) => string | null }

describe("listing cursors", () => {
  const recent = { m: "recent", a: "2025-01-01 10:00:00.000Z", i: "abc123" }
  it("round-trip for the sort they were issued for, and only that one", () => {
    const raw = cursors.encodeCursor(recent)
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/) // URL-safe, no padding
    expect(cursors.decodeCursor(raw, "recent", 150)).toEqual(recent)
    expect(cursors.decodeCursor(raw, "top", 150)).toBeNull()
  })
  it("refuse forged or damaged cursors", () => {
    const forged = (c: object) => cursors.decodeCursor(cursors.encodeCursor(c), (c as { m: string }).m, 150)
    expect(forged({ ...recent, i: "x'; DROP TABLE products;--" })).toBeNull()
    expect(forged({ ...recent, a: "ontem" })).toBeNull()
    expect(forged({ m: "top", a: recent.a, i: "abc", v: 1.5 })).toBeNull()
    expect(forged({ m: "relevance", s: recent.a, r: 10, o: 150 })).toBeNull() // past the window
    expect(forged({ m: "relevance", s: recent.a, r: 10, o: 24, t: 1 })).not.toBeNull()
    // after the window: a key to start below, never with an offset too
    expect(forged({ m: "relevance", s: recent.a, r: 10, b: 7, t: 1 })).not.toBeNull()
    expect(forged({ m: "relevance", s: recent.a, r: 10, b: 7, o: 24, t: 1 })).toBeNull()
    expect(forged({ m: "relevance", s: recent.a, r: 10, b: 0, t: 1 })).toBeNull()
    expect(forged({ m: "relevance", s: recent.a, r: 10, b: "7", t: 1 })).toBeNull()
    expect(cursors.decodeCursor("!!!", "recent", 150)).toBeNull()
    expect(cursors.decodeCursor(cursors.encodeCursor(recent).slice(0, -1) + "!", "recent", 150)).toBeNull()
    expect(cursors.decodeCursor("", "recent", 150)).toBeNull()
  })
  it("carry any text (accents, symbols) through base64url", () => {
    const c = { m: "recent", a: "2025-01-01 10:00:00.000Z", i: "abc", note: "ação ✓" }
    expect(JSON.parse(cursors.decodeBase64Url(cursors.encodeCursor(c)) ?? "null")).toEqual(c)
  })
  it("are base64url exactly, at any length (and a damaged one is refused)", () => {
    const text = '{"m":"relevance","s":"2026-11-25 14:50:00.123Z","r":100000,"t":1,"o":24}'
    for (let n = 0; n <= text.length; n++) {
      const raw = cursors.encodeBase64Url(text.slice(0, n))
      expect(raw).toBe(Buffer.from(text.slice(0, n)).toString("base64url"))
      expect(cursors.decodeBase64Url(raw)).toBe(text.slice(0, n))
    }
    const raw = cursors.encodeBase64Url(text)
    expect(cursors.decodeBase64Url(raw.slice(0, 20) + "*" + raw.slice(21))).toBeNull()
  })
  it("a ranking cursor is good only for the ranking that issued it", () => {
    const rank = { m: "rank", c: "launch_day", k: "2026-11-23", v: 3, a: "2026-11-23 12:00:00.000Z", i: "abc", r: 24 }
    const raw = cursors.encodeCursor(rank)
    expect(cursors.decodeRankCursor(raw, "launch_day", "2026-11-23")).toEqual(rank)
    expect(cursors.decodeRankCursor(raw, "launch_day", "2026-11-22")).toBeNull() // another day
    expect(cursors.decodeRankCursor(raw, "launch_week", "2026-11-23")).toBeNull()
    const forged = (c: object) => cursors.decodeRankCursor(cursors.encodeCursor(c), "launch_day", "2026-11-23")
    expect(forged({ ...rank, a: "" })).toBeNull()
    expect(forged({ ...rank, r: 0 })).toBeNull()
    expect(forged({ ...rank, v: "3" })).toBeNull()
    expect(
      cursors.decodeRankCursor(cursors.encodeCursor({ ...rank, m: "recent" }), "launch_day", "2026-11-23"),
    ).toBeNull()
  })
})

describe("launch days (São Paulo, UTC-3)", () => {
  it("an approval at 01:00 UTC belongs to the previous day in São Paulo", () => {
    expect(days.dayOf(Date.UTC(2026, 10, 23, 1, 0))).toBe("2026-11-22")
    expect(days.dayOf(Date.UTC(2026, 10, 23, 3, 0))).toBe("2026-11-23")
  })
  it("knows real calendar days, weeks from Monday and months", () => {
    expect(days.isDay("2025-02-29")).toBe(false)
    expect(days.isDay("2024-02-29")).toBe(true)
    expect(days.addDays("2025-12-31", 1)).toBe("2026-01-01")
    expect(days.weekOf("2026-11-29")).toBe("2026-11-23") // a Sunday: its week began on Monday
    expect(days.weekOf("2026-11-23")).toBe("2026-11-23")
    expect(days.monthOf("2026-11-23")).toBe("2026-11")
  })
})

describe("search parsing", () => {
  it("folds accents and case, and stems word forms alike", () => {
    expect(search.fold("Educação FÁCIL")).toBe("educacao facil")
    expect(search.stem("jogos")).toBe(search.stem("jogo"))
    expect(search.stem("animais")).toBe(search.stem("animal"))
  })
  it("tells blank, nothing searchable, a match and an exclusion apart", () => {
    expect(search.parse("   ").kind).toBe("none")
    expect(search.parse('"" ()').kind).toBe("empty")
    expect(search.parse("xadrez").kind).toBe("match")
    expect(search.parse("-xadrez").kind).toBe("exclude")
  })
})

describe("the server's own address (gzip copies of cached answers, cron jobs)", () => {
  it("comes from --http, on loopback when it listens on every interface", () => {
    const url = (...args: string[]) => loopback.selfUrl(["pocketbase", "serve", ...args])
    expect(url("--http=127.0.0.1:41234")).toBe("http://127.0.0.1:41234")
    expect(url("--http", "0.0.0.0:8090")).toBe("http://127.0.0.1:8090")
    expect(url("--http=:9000")).toBe("http://127.0.0.1:9000")
    expect(url("--http=[::]:9000")).toBe("http://127.0.0.1:9000")
    expect(url("--http=[::1]:9000")).toBe("http://[::1]:9000")
    expect(url()).toBe("http://127.0.0.1:8090") // PocketBase's default
    expect(url("--https=vitrine.example:443")).toBeNull() // TLS only: no copies, answers go out plain
    expect(url("--http=sem-porta")).toBeNull()
  })
})
