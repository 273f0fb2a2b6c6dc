// npm run bench, the load: its settings (BENCH_* in the environment), the throw-away PocketBase
// it measures, and autocannon on 127.0.0.1 with latency percentiles and the load average.
import os from "node:os"
import autocannon from "autocannon"
import PocketBase from "pocketbase"
import { startPocketBase } from "./pb-server.mjs"

export const SECONDS = Number(process.env.BENCH_SECONDS || 4)
export const QUERY_SECONDS = Number(process.env.BENCH_QUERY_SECONDS || 2)
export const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS || 10)
export const MAX = Number(process.env.BENCH_MAX || 100_000)
const SUPERUSER = { email: "bench@vitrine.local", password: "bench-superuser-123" }

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const loadNow = () => os.loadavg()[0]

/**
 * Loads the server for `seconds` (after a warm-up, opts.warmup s, default 1): `paths` cycled per connection, or
 * `setupRequest` choosing each request (method, path, headers, body). Latencies in ms, requests
 * per second, and the 1-minute load average when it ended. Any non-2xx answer fails the bench.
 */
export async function measure(url, paths, connections, seconds = SECONDS, opts = {}) {
  const requests = opts.setupRequest
    ? [{ setupRequest: opts.setupRequest }]
    : paths.map((p) => ({ method: "GET", path: p, headers: opts.headers }))
  const run = async (duration, record) => {
    const latencies = []
    const instance = autocannon({ url, connections, duration, requests, timeout: 30 })
    if (record) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms))
    const result = await instance
    return { result, latencies }
  }
  await run(opts.warmup ?? 1, false) // warm-up: VMs, SQLite page cache, response cache
  const { result, latencies } = await run(seconds, true)
  latencies.sort((a, b) => a - b)
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed > 0) {
    throw new Error(`${failed} failed requests on ${opts.label ?? paths[0]} (${connections} connections)`)
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: result.requests.total / (result.duration || seconds),
    load: loadNow(),
  }
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
