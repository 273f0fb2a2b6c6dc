// npm run bench, the load: its settings (BENCH_* in the environment), the throw-away PocketBase
// it measures, and autocannon on 127.0.0.1 with latency percentiles and the load average.
import os from "node:os"
import autocannon from "autocannon"
import PocketBase from "pocketbase"
import { startPocketBase } from "./pb-server.mjs"

export const SECONDS = Number(process.env.BENCH_SECONDS || 4)
export const QUERY_SECONDS = Number(process.env.BENCH_QUERY_SECONDS || 4)
// the 4-connection search throughput at 1,000 and at 100,000 products (a ratio: in 1 s rounds it
// read 79.5% in one run and 96% in the one before)
export const SEARCH4_SECONDS = Number(process.env.BENCH_SEARCH4_SECONDS || 8)
export const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS || 10)
export const MIXED_WARMUP = Number(process.env.BENCH_MIXED_WARMUP || 30)
/** The mix's concurrent connections (requests in flight at once). */
export const MIXED_CONNECTIONS = 50
export const MAX = Number(process.env.BENCH_MAX || 100_000)
const SUPERUSER = { email: "bench@vitrine.local", password: "bench-superuser-123" }

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const loadNow = () => os.loadavg()[0]

/** autocannon's requests for `paths` (cycled per connection), or one chosen per request by `setupRequest`. */
function requestsOf(paths, opts) {
  return opts.setupRequest
    ? [{ setupRequest: opts.setupRequest }]
    : paths.map((p) => ({ method: "GET", path: p, headers: opts.headers }))
}

/**
 * One run of `duration` s: its latencies (ms) pushed onto `latencies` when given; the requests
 * and the seconds it took. Any non-2xx answer fails the bench.
 */
async function load(url, requests, connections, duration, latencies, label) {
  const instance = autocannon({ url, connections, duration, requests, timeout: 30 })
  if (latencies) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms))
  const result = await instance
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed > 0) throw new Error(`${failed} failed requests on ${label} (${connections} connections)`)
  return { requests: result.requests.total, seconds: result.duration || duration }
}

/** p50, p95 (ms), requests per second and the 1-minute load average, of runs' latencies and totals. */
function figures(latencies, requests, secs) {
  latencies.sort((a, b) => a - b)
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: requests / secs, load: loadNow() }
}

/**
 * Loads the server for `seconds` (after a warm-up, opts.warmup s, default 1, whose req/s is
 * warmupRps): `paths` cycled per connection, or
 * `setupRequest` choosing each request (method, path, headers, body). Latencies in ms, requests
 * per second, and the 1-minute load average when it ended. Any non-2xx answer fails the bench.
 */
export async function measure(url, paths, connections, seconds = SECONDS, opts = {}) {
  const requests = requestsOf(paths, opts)
  const label = opts.label ?? paths[0]
  // warm-up: VMs, SQLite page cache, response cache
  const warm = await load(url, requests, connections, opts.warmup ?? 1, null, label)
  const latencies = []
  const run = await load(url, requests, connections, seconds, latencies, label)
  return { ...figures(latencies, run.requests, run.seconds), warmupRps: warm.requests / warm.seconds }
}

// the mix and its /api/health (withHealth): rounds per side
export const ROUNDS = Number(process.env.BENCH_ROUNDS || 4)
// the searches on two servers (paired) (each query alone at 1 connection, ~2 ms a request, and the set at 4
// connections): rounds of a quarter or half second. With 4 rounds of a second (or of two), the
// ratio of the two p95s of 'aplicativos financas' moved between 1.16 and 1.69 from run to run of
// the same code, and the 4-connection throughput between 79.6% and 90.4% in five runs in a row:
// this machine's slow spells come in blocks (one second of a round with 18% of requests 0.5 ms
// slower, the next with almost none), and a block that fell in one side's round went into that
// side's figures alone. In 16 rounds each side meets the machine of the same minutes in small
// alternating slices (the throughput: 82.1-87.1% in five runs, alternated with the above).
export const SEARCH_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS || 16)

/**
 * Loads in alternating rounds, `seconds` in all for each (after a 1 s warm-up of each), so that
 * all see the same machine: what else runs on it changes from minute to minute, and a ratio of
 * figures measured minutes apart measured that too. The order alternates every round. Each load:
 * { url, work (autocannon's requests), label }. Figures as measure()'s, per load.
 */
async function alternating(loads, connections, seconds, rounds) {
  const sides = loads.map((l) => ({ ...l, latencies: [], requests: 0, seconds: 0, warmupRps: 0 }))
  for (const side of sides) {
    const warm = await load(side.url, side.work, connections, 1, null, side.label)
    side.warmupRps = warm.requests / warm.seconds
  }
  const each = seconds / rounds
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 ? [...sides].reverse() : sides) {
      const run = await load(side.url, side.work, connections, each, side.latencies, side.label)
      side.requests += run.requests
      side.seconds += run.seconds
    }
  }
  return sides.map((side) => ({ ...figures(side.latencies, side.requests, side.seconds), warmupRps: side.warmupRps }))
}

/**
 * The same load on two servers (`a` and `b`, e.g. 1,000 and 100,000 products) in SEARCH_ROUNDS
 * alternating rounds (see alternating). Figures as measure()'s, for each server.
 */
export async function paired(a, b, paths, connections, seconds = SECONDS, opts = {}) {
  const label = opts.label ?? paths[0]
  const [fa, fb] = await alternating(
    [a, b].map((url) => ({ url, work: requestsOf(paths, opts), label })),
    connections,
    seconds,
    SEARCH_ROUNDS,
  )
  return { a: fa, b: fb }
}

/**
 * A load (`paths` or opts.setupRequest, as measure()'s) and GET /api/health on the same server,
 * in alternating rounds (see alternating), `seconds` in all for each: the load after its warm-up
 * (opts.warmup s), health after 1 s. The health figures say what the machine gave a trivial
 * request while the load ran, not in the minute before it: { load, health }, as measure()'s.
 */
export async function withHealth(url, paths, connections, seconds, opts = {}) {
  const label = opts.label ?? paths[0]
  const loadSide = { url, work: requestsOf(paths, opts), label }
  const healthSide = { url, work: requestsOf(["/api/health"], {}), label: "/api/health" }
  const warm = await load(url, loadSide.work, connections, opts.warmup ?? 1, null, label)
  const [loadFigures, health] = await alternating([loadSide, healthSide], connections, seconds, ROUNDS)
  return { load: { ...loadFigures, warmupRps: warm.requests / warm.seconds }, health }
}

/** PocketBase on `dataDir`, limits off, the listing response cache on or off. */
export async function server(dataDir, cache) {
  return startPocketBase({
    dataDir,
    host: "127.0.0.1",
    superuser: SUPERUSER,
    env: { RATE_LIMITS: "off", VITRINE_LIST_CACHE: cache ? "on" : "off" },
    ...(process.env.BENCH_HOOKS_POOL ? { hooksPool: Number(process.env.BENCH_HOOKS_POOL) } : {}),
  })
}

/** A client signed in as the bench's superuser. */
export async function admin(url) {
  const pb = new PocketBase(url)
  pb.autoCancellation(false)
  await pb.collection("_superusers").authWithPassword(SUPERUSER.email, SUPERUSER.password)
  return pb
}
