// npm run bench, what it prints: the phase table (each figure next to /api/health and the load
// average), the per-query search table, and one OK/FALHA line per target (issue 13).
import os from "node:os"
import { MAX, MIXED_CONNECTIONS } from "./bench-load.mjs"
import { SEARCHES, SORTED_SEARCHES } from "./bench-reads.mjs"

export const ms = (v) => `${v.toFixed(1)} ms`
export const rps = (v) => `${Math.round(v)}/s`
export const seconds = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`
/** The load average over 1, 5 and 15 minutes. */
export const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")

/** The rows of the phase table, and `add` for one more (with its share of /api/health, if given). */
export function phaseRows() {
  const rows = []
  const add = (what, r, health) =>
    rows.push([
      what,
      ms(r.p50),
      ms(r.p95),
      rps(r.rps),
      health ? `${((100 * r.rps) / health.rps).toFixed(0)}% of health` : "",
      r.load.toFixed(1),
    ])
  return { rows, add }
}

function table(header, body) {
  const widths = header.map((h, k) => Math.max(h.length, ...body.map((r) => r[k].length)))
  const line = (r) => r.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join("  ")
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`)
  for (const r of body) console.log(line(r))
}

const query = (p) => {
  const params = new URLSearchParams(p.slice(p.indexOf("?") + 1))
  const sort = params.get("sort")
  return `${params.get("search")}${sort ? ` (sort=${sort})` : ""}`
}
const big = MAX.toLocaleString("en")

/**
 * The phase table, then each search's p95 at 1,000 products (and at MAX, with the ratio), and the
 * same for the sorted searches when measured ({a: at 1,000, b: at MAX}).
 */
export function printTables(rows, queries1k, queries100k, sorted) {
  table(["phase", "p50", "p95", "req/s", "vs health", "load 1m"], rows)
  const perQuery = (title, list, at1k, atMax) =>
    table(
      [title, "1,000", "load", ...(atMax ? [big, "load", `${big}/1,000`] : [])],
      list.map((p) => [
        query(p),
        ms(at1k[p].p95),
        at1k[p].load.toFixed(1),
        ...(atMax ? [ms(atMax[p].p95), atMax[p].load.toFixed(1), `${(atMax[p].p95 / at1k[p].p95).toFixed(2)}x`] : []),
      ]),
    )
  perQuery("search p95 by query, 1 conn (no cache)", SEARCHES, queries1k, queries100k)
  if (sorted) perQuery("sorted search p95, 1 conn (no cache)", SORTED_SEARCHES, sorted.a, sorted.b)
}

/** One line per target, the capacity line after the mix's; true when every target was met. */
export function printVerdicts(f) {
  const verdicts = []
  const verdict = (ok, text) => {
    verdicts.push(ok)
    console.log(`${ok ? "OK   " : "FALHA"} ${text}`)
  }
  console.log("")
  verdict(
    f.listUncached4.p95 < 10,
    `listagem sem cache, 10.000 produtos, p95 a 4 conexões < 10 ms (${ms(f.listUncached4.p95)}, carga ${f.listUncached4.load.toFixed(1)})`,
  )
  verdict(
    f.list50.rps >= 0.2 * f.health50.rps,
    `listagem a 50 conexões >= 20% do /api/health (${((100 * f.list50.rps) / f.health50.rps).toFixed(0)}%)`,
  )
  if (f.queries100k) {
    for (const p of SEARCHES) {
      const r = f.queries100k[p]
      const ratio = r.p95 / f.queries1k[p].p95
      verdict(
        r.p95 < 20 && ratio <= 1.5,
        `busca '${query(p)}': p95 com ${big} < 20 ms (${ms(r.p95)}) e <= 1,5x a de 1.000 ` +
          `(${r.p95.toFixed(2)} / ${f.queries1k[p].p95.toFixed(2)} ms = ${ratio.toFixed(3)}x)`,
      )
    }
    // searches sorted by date or by votes: every search under 20 ms at MAX (the ratio is printed
    // above, not a target: the set's searches are the ones it is set for)
    for (const p of f.sorted ? SORTED_SEARCHES : []) {
      const r = f.sorted.b[p]
      verdict(r.p95 < 20, `busca '${query(p)}': p95 com ${big} < 20 ms (${ms(r.p95)})`)
    }
    const share = f.search100k4.rps / f.search1k4.rps
    verdict(
      share >= 0.8,
      `busca a 4 conexões: vazão com ${big} >= 80% da de 1.000 (${rps(f.search100k4.rps)} / ${rps(f.search1k4.rps)} = ${(100 * share).toFixed(1)}%)`,
    )
    const mixShare = f.mixed.rps / f.mixedHealth.rps
    verdict(
      mixShare >= 0.2,
      `mistura a ${MIXED_CONNECTIONS} conexões >= 20% do /api/health em rodadas alternadas (${rps(f.mixed.rps)} / ${rps(f.mixedHealth.rps)} = ${(100 * mixShare).toFixed(1)}%, p95 ${ms(f.mixed.p95)})`,
    )
    console.log(f.capacity)
  }
  if (f.ranking100k) {
    for (const [label, r] of Object.entries(f.rankingByPage)) {
      verdict(r.p95 < 10, `ranking ${label} p95 com ${MAX} produtos < 10 ms sem cache (${ms(r.p95)}, 1 conexão)`)
    }
    verdict(f.stats100k.p95 < 10, `estatísticas p95 com ${MAX} produtos < 10 ms (${ms(f.stats100k.p95)}, 1 conexão)`)
  }
  return verdicts.every(Boolean)
}
