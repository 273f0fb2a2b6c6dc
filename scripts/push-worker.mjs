// The web push worker (issue 11): sends the push jobs PocketBase queues (collection push_jobs,
// written in the same transaction as the vote, comment, decision or report that causes them) with
// npm web-push (aes128gcm + VAPID; PocketBase's JS engine has no ECDSA/ECDH).
//
// `npm start` and `npm run dev` run it next to PocketBase; `npm run push-worker` runs it alone
// (POCKETBASE_URL, DATA_DIR and the superuser from the environment, as in .env.example).
//
// Nothing is lost, nothing is sent twice to the same subscription:
// - jobs are claimed through a superuser route that leases them (a killed worker's lease runs
//   out and another run picks them up) and returns only the subscriptions not yet reached;
// - each push service answer is reported back (201 -> that subscription is done; 404/410 -> the
//   subscription is deleted; 429/5xx/network -> retried with exponential backoff, honouring
//   Retry-After; 400/401/403/413 -> logged and dropped for that subscription);
// - a job is only at-least-once across a kill between a 201 and its report: the push carries the
//   job id and the service worker drops a repeat (same tag and id).
// Wake-ups: realtime (a job was created), a catch-up at start and on every reconnect
// (PB_CONNECT: events during a gap are lost), a scan every PUSH_SCAN_SECONDS and a timer for the
// next retry. Logs one line when ready; SIGTERM/SIGINT finish the sends in flight and exit.
// The sending itself (VAPID, concurrency, what each answer means) is in lib/push-send.mjs.
import "./lib/load-env.mjs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { EventSource } from "eventsource"
import PocketBase from "pocketbase"
import { backoffMs, createSender } from "./lib/push-send.mjs"
import { existingSuperuser } from "./lib/superuser.mjs"
import { vapidKeys } from "./lib/vapid.mjs"

export const READY_PREFIX = "Worker de push pronto"

const num = (v, fallback) => (Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : fallback)

/**
 * Starts the worker; resolves once it is ready (signed in, subscribed, first catch-up started).
 * @param {{url: string, superuser: {email: string, password: string}, vapid: ReturnType<typeof vapidKeys>,
 *          concurrency?: number, scanSeconds?: number, leaseSeconds?: number, workerId?: string,
 *          log?: (line: string) => void}} opts
 */
export async function startPushWorker(opts) {
  const log = opts.log ?? ((line) => console.log(line))
  const concurrency = opts.concurrency ?? 64
  const scanMs = (opts.scanSeconds ?? 5) * 1000
  const lease = opts.leaseSeconds ?? 60
  const workerId = (opts.workerId ?? `${os.hostname()}-${process.pid}`).slice(0, 100)
  const maxJobsInFlight = Math.max(concurrency * 4, 64)
  const { vapid } = opts
  globalThis.EventSource ??= EventSource

  const pb = new PocketBase(opts.url)
  pb.autoCancellation(false)
  // PocketBase may still be starting (a worker started on its own): wait for it
  for (let tries = 0; ; tries++) {
    try {
      await pb
        .collection("_superusers")
        .authWithPassword(opts.superuser.email, opts.superuser.password, { autoRefreshThreshold: 30 * 60 })
      break
    } catch (err) {
      if (err?.status !== 0 || tries >= 120) throw err
      if (tries === 0) log(`Aguardando o PocketBase em ${opts.url}...`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }

  const { sendOne, destroy } = createSender({ vapid, concurrency })

  // ---------- reports: batched, one request in flight ----------
  const reportQueue = []
  let reporting = null
  function flushReports() {
    if (reporting || reportQueue.length === 0) return reporting
    const batch = reportQueue.splice(0, reportQueue.length)
    reporting = (async () => {
      for (let tries = 0; ; tries++) {
        try {
          const res = await pb.send("/api/vitrine/push/worker/report", { method: "POST", body: { results: batch } })
          for (const r of batch) busy.delete(r.id)
          planNext(res.next_due)
          return
        } catch (err) {
          // PocketBase away: keep trying (the leases would otherwise run out and resend)
          if (stopping && tries >= 3) {
            log(`Não foi possível registrar ${batch.length} envio(s): ${err?.message ?? err}`)
            return
          }
          await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** tries)))
        }
      }
    })().finally(() => {
      reporting = null
      if (reportQueue.length > 0) void flushReports()
      else idleWaiters.splice(0).forEach((r) => r())
    })
    return reporting
  }

  let jobsInFlight = 0
  // ids sent or being sent and not yet reported: a re-claim after a lease ran out skips them
  const busy = new Set()
  const idleWaiters = []
  async function processJob(job) {
    const answers = await Promise.all(job.subscriptions.map((sub) => sendOne(job, sub)))
    const pick = (outcome) => answers.filter((a) => a.outcome === outcome)
    const retry = pick("retry")
    for (const a of [...pick("drop"), ...retry]) {
      log(
        `push ${job.id} -> ${new URL(a.sub.endpoint).origin}: ${a.message}${a.outcome === "drop" ? " (descartado)" : ""}`,
      )
    }
    let retryIn = null
    if (retry.length > 0) {
      const asked = Math.max(-1, ...retry.map((a) => a.retryAfter ?? -1))
      retryIn = asked >= 0 ? Math.max(asked, 250) : backoffMs(job.attempts + 1)
    }
    reportQueue.push({
      id: job.id,
      delivered: pick("delivered").map((a) => a.sub.id),
      gone: pick("gone").map((a) => a.sub.id),
      dropped: pick("drop").map((a) => a.sub.id),
      retry_in: retryIn,
      error: answers
        .filter((a) => a.outcome !== "delivered")
        .map((a) => a.message)
        .join("; ")
        .slice(0, 500),
    })
    void flushReports()
  }

  // ---------- claiming ----------
  let stopping = false
  let claiming = false
  let claimAgain = false
  let failures = 0
  let nextTimer = null
  /** A timer for the next job that becomes claimable (a retry, a lease running out). */
  function planNext(due) {
    if (!due || stopping) return
    const wait = Date.parse(due.replace(" ", "T")) - Date.now()
    if (!(wait < scanMs)) return // the periodic scan comes first
    if (wait <= 0 && jobsInFlight >= maxJobsInFlight) return // a finishing job claims again
    clearTimeout(nextTimer)
    nextTimer = setTimeout(() => void drain(), Math.max(50, wait + 20))
  }

  async function drain() {
    if (stopping) return
    if (claiming) {
      claimAgain = true
      return
    }
    claiming = true
    try {
      do {
        claimAgain = false
        const room = maxJobsInFlight - jobsInFlight
        if (room <= 0) break
        const res = await pb.send("/api/vitrine/push/worker/claim", {
          method: "POST",
          body: { worker: workerId, limit: room, lease },
        })
        if (failures > 0) log("Conexão com o PocketBase restabelecida.")
        failures = 0
        planNext(res.next_due)
        for (const job of res.jobs) {
          if (busy.has(job.id)) continue
          busy.add(job.id)
          jobsInFlight += 1
          void processJob(job)
            .catch((err) => {
              // unreported: its lease runs out and a later claim sends it again
              busy.delete(job.id)
              log(`push ${job.id}: ${err?.message ?? err}`)
            })
            .finally(() => {
              jobsInFlight -= 1
              if (claimAgain || jobsInFlight === maxJobsInFlight - 1) void drain()
            })
        }
        if (res.jobs.length === room) claimAgain = true // more may be due
      } while (claimAgain && !stopping)
    } catch (err) {
      if (failures++ === 0)
        log(`Falha ao buscar pushes pendentes (nova tentativa em instantes): ${err?.message ?? err}`)
    } finally {
      claiming = false
    }
  }

  async function cleanup() {
    try {
      await pb.send("/api/vitrine/push/worker/cleanup", { method: "POST" })
    } catch {
      /* next hour */
    }
  }

  const onJob = (e) => e.action === "create" && void drain()
  const unsubscribers = [
    await pb.collection("push_jobs").subscribe("*", onJob),
    await pb.realtime.subscribe("PB_CONNECT", () => void drain()),
  ]
  const scan = setInterval(() => void drain(), scanMs)
  const hourly = setInterval(() => void cleanup(), 3600_000)
  void cleanup()
  void drain()
  log(
    `${READY_PREFIX}: ${opts.url} (chave VAPID ${vapid.publicKey.slice(0, 12)}…, ${vapid.source === "env" ? "do ambiente" : "de DATA_DIR/.vapid.json"}; até ${concurrency} envios simultâneos)`,
  )

  return {
    workerId,
    /** Stops claiming, lets the sends in flight finish (up to `graceMs`) and reports them. */
    async stop(graceMs = 10_000) {
      if (stopping) return
      stopping = true
      clearInterval(scan)
      clearInterval(hourly)
      clearTimeout(nextTimer)
      for (const off of unsubscribers) await off().catch(() => {})
      pb.realtime.unsubscribe().catch(() => {})
      const deadline = Date.now() + graceMs
      while ((jobsInFlight > 0 || reportQueue.length > 0 || reporting) && Date.now() < deadline) {
        await Promise.race([new Promise((r) => idleWaiters.push(r)), new Promise((r) => setTimeout(r, 100))])
        await flushReports()
      }
      destroy()
    },
  }
}

/** Settings from the environment (see .env.example). */
export function workerOptionsFromEnv(env = process.env) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
  const dataDir = path.resolve(root, env.DATA_DIR || "pb_data")
  const url = env.POCKETBASE_URL || `http://127.0.0.1:${env.PORT || 8090}`
  return {
    url,
    superuser: existingSuperuser(dataDir),
    vapid: vapidKeys(dataDir, env),
    concurrency: num(env.PUSH_CONCURRENCY, 64),
    scanSeconds: num(env.PUSH_SCAN_SECONDS, 5),
    leaseSeconds: num(env.PUSH_LEASE_SECONDS, 60),
    workerId: env.PUSH_WORKER_ID || undefined,
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let worker = null
  let exiting = false
  const exit = async (code) => {
    if (exiting) return
    exiting = true
    await worker?.stop()
    process.exit(code)
  }
  process.on("SIGINT", () => void exit(0))
  process.on("SIGTERM", () => void exit(0))
  try {
    worker = await startPushWorker(workerOptionsFromEnv())
  } catch (err) {
    console.error(`O worker de push não pôde iniciar: ${err?.message ?? err}`)
    process.exit(1)
  }
}
