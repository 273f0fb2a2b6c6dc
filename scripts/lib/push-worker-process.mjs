// Runs scripts/push-worker.mjs as its own Node process next to a PocketBase (npm start, npm run
// dev, the integration tests, the e2e setup, the bench) and waits for its ready line. With
// `restart: true` (npm start / dev) a worker that dies on its own is started again after 2 s;
// stop() sends SIGTERM (the worker finishes its sends in flight) and waits for the exit.
import { spawn } from "node:child_process"
import path from "node:path"
import { ROOT } from "./pb-server.mjs"

const WORKER = path.join(ROOT, "scripts/push-worker.mjs")
const READY = "Worker de push pronto"

/**
 * @param {{url: string, dataDir: string, superuser?: {email: string, password: string},
 *          env?: Record<string, string>, stdio?: "inherit" | "pipe", restart?: boolean,
 *          readyTimeoutMs?: number}} opts
 */
export async function startPushWorkerProcess(opts) {
  let child = null
  let output = ""
  let stopping = false
  let restartTimer = null

  const launch = () =>
    new Promise((resolve, reject) => {
      const env = {
        ...process.env,
        POCKETBASE_URL: opts.url,
        DATA_DIR: opts.dataDir,
        ...(opts.superuser
          ? { SUPERUSER_EMAIL: opts.superuser.email, SUPERUSER_PASSWORD: opts.superuser.password }
          : {}),
        ...opts.env,
      }
      const proc = spawn(process.execPath, [WORKER], { env, stdio: ["ignore", "pipe", "pipe"] })
      child = proc
      let ready = false
      const timer = setTimeout(() => {
        if (!ready) {
          proc.kill("SIGKILL")
          reject(new Error(`o worker de push não ficou pronto:\n${output}`))
        }
      }, opts.readyTimeoutMs ?? 30_000)
      const onData = (chunk) => {
        const s = chunk.toString()
        output += s
        if (output.length > 200_000) output = output.slice(-100_000)
        if (opts.stdio === "inherit") process.stdout.write(s)
        if (!ready && output.includes(READY)) {
          ready = true
          clearTimeout(timer)
          resolve(proc)
        }
      }
      proc.stdout.on("data", onData)
      proc.stderr.on("data", onData)
      proc.on("exit", (code, signal) => {
        clearTimeout(timer)
        if (!ready)
          return reject(new Error(`o worker de push saiu (${signal ?? code}) antes de ficar pronto:\n${output}`))
        if (stopping || proc !== child) return
        if (opts.restart) {
          console.error(`O worker de push parou (${signal ?? code}); reiniciando em 2 s.`)
          restartTimer = setTimeout(() => launch().catch((err) => console.error(err.message)), 2000)
        }
      })
    })

  await launch()
  return {
    get child() {
      return child
    },
    output: () => output,
    /** SIGKILL, no goodbye: what a crash or an OOM kill looks like. */
    async kill() {
      const proc = child
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
      const done = new Promise((r) => proc.once("exit", r))
      stopping = true
      proc.kill("SIGKILL")
      await done
    },
    async stop() {
      stopping = true
      clearTimeout(restartTimer)
      const proc = child
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
      const done = new Promise((r) => proc.once("exit", r))
      proc.kill("SIGTERM")
      const timer = setTimeout(() => proc.kill("SIGKILL"), 12_000)
      await done
      clearTimeout(timer)
    },
  }
}
