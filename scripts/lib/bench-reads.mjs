// npm run bench, the public reads it measures: the /home listing and facets, the set of searches
// (each checked to find something) and the launch ranking pages.
import { measure, paired, QUERY_SECONDS } from "./bench-load.mjs"

export const LISTING = "/api/vitrine/products"
export const FACETS = "/api/vitrine/facets"
export const SEARCHES = [
  "receitas",
  "aplicativos financas",
  '"controle financeiro"',
  "jogo OR quiz",
  "estudos -enem",
  "educação",
].map((q) => `${LISTING}?search=${encodeURIComponent(q)}`)

/**
 * Searches sorted by date and by votes (the listing's "Recentes" and "Mais votados" with a search):
 * the broadest of the set, whose every match a sort would read. Not in SEARCHES: those are ranked
 * by relevance, and their targets (issue 13) include the ratio to 1,000 products.
 */
export const SORTED_SEARCHES = ["jogo OR quiz", "educação", "receitas"].flatMap((q) =>
  ["recent", "top"].map((sort) => `${LISTING}?search=${encodeURIComponent(q)}&sort=${sort}`),
)

/**
 * The counts the filter panel asks beside each search of the set and beside the 'Feito com' filters
 * (alone and with a category): each counted over the newest 1,000 products it leaves.
 */
export const FILTERED_FACETS = [
  ...SEARCHES.map((p) => p.replace(LISTING, FACETS)),
  `${FACETS}?lovable=true`,
  `${FACETS}?epic=true`,
  `${FACETS}?lovable=true&category=benchcat0000003`,
]

/** Every search of the set answers 200 with some results (else the numbers would be meaningless). */
export async function checkSearches(url) {
  for (const p of [...SEARCHES, ...SORTED_SEARCHES]) {
    const res = await fetch(url + p)
    const body = await res.json()
    if (!res.ok || body.items.length === 0) throw new Error(`search ${p} answered ${res.status} with no items`)
  }
}

/** Each search of the set alone, 1 connection: p95 per query. */
export async function perQuery(url) {
  const out = {}
  for (const p of SEARCHES) out[p] = await measure(url, [p], 1, QUERY_SECONDS)
  return out
}

/**
 * Each search of `list` (the set, by default) alone, 1 connection, on servers `a` and `b` in
 * alternating rounds (paired): p95 per query, each.
 */
export async function perQueryPaired(a, b, list = SEARCHES) {
  const out = { a: {}, b: {} }
  for (const p of list) ({ a: out.a[p], b: out.b[p] } = await paired(a, b, [p], 1, QUERY_SECONDS))
  return out
}

// the ranking at 100,000 products: ~1,440 launches a day (one a minute from 2024-01-01)
const RANK_DATE = "2024-02-15"
export const STATS_PRODUCT = "bench0000064000"
export const STATS_PATH = "/api/vitrine/products/by-slug/produto-64000/stats"

/** The ranking pages measured: first pages of a day, a week and a month, and page 20 of the month. */
export async function rankingSet(url) {
  const path = (period) => `/api/vitrine/ranking?period=${period}&date=${RANK_DATE}`
  let cursor = null
  for (let page = 1; page < 20; page++) {
    const res = await fetch(url + path("month") + (cursor ? `&cursor=${cursor}` : ""))
    const body = await res.json()
    if (!res.ok || body.items.length === 0 || !body.nextCursor) throw new Error(`ranking page ${page}: ${res.status}`)
    cursor = body.nextCursor
  }
  const day = await (await fetch(url + path("day"))).json()
  if (day.items.length === 0) throw new Error(`no launches on ${RANK_DATE}: the ranking figures would mean nothing`)
  return {
    "day (first page)": path("day"),
    "week (first page)": path("week"),
    "month (first page)": path("month"),
    "month (page 20)": `${path("month")}&cursor=${cursor}`,
  }
}
