// The push worker's sending side (scripts/push-worker.mjs): one web push through npm web-push
// (aes128gcm + VAPID), at most `concurrency` at a time over keep-alive connections, and what each
// push service answer means (delivered, gone, retry with backoff or Retry-After, drop).
import https from "node:https"
import webpush from "web-push"

/** Retry delay after `attempt` transient failures: 1 s, 2 s, 4 s ... 1 h, with ±20 % jitter. */
export function backoffMs(attempt, baseMs = 1000) {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3600_000)
  return Math.round(plain * (0.8 + Math.random() * 0.4))
}

/** Retry-After as milliseconds (seconds or an HTTP date), or null. */
export function retryAfterMs(value, now = Date.now()) {
  if (value === undefined || value === null || value === "") return null
  const text = String(Array.isArray(value) ? value[0] : value).trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** What to do with one push service answer. */
export function classify(statusCode) {
  if (statusCode >= 200 && statusCode < 300) return "delivered"
  if (statusCode === 404 || statusCode === 410) return "gone"
  if (!statusCode || statusCode === 408 || statusCode === 429 || statusCode >= 500) return "retry"
  return "drop" // 400 (bad request), 401/403 (VAPID refused), 413 (too big): retrying cannot help
}

/**
 * A sender: `sendOne(job, sub)` resolves (never rejects) with the subscription's outcome, and
 * `destroy()` closes the kept-alive connections.
 * @param {{vapid: {subject: string, publicKey: string, privateKey: string}, concurrency: number}} opts
 */
export function createSender({ vapid, concurrency }) {
  // keep-alive: a burst to one push service reuses its TLS connections
  const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency })
  const jwtByAudience = new Map()
  /** The VAPID Authorization header for an origin, signed once per 12 h (the JWT may last 24 h). */
  function authorization(endpoint) {
    const audience = new URL(endpoint).origin
    const cached = jwtByAudience.get(audience)
    if (cached && cached.renewAt > Date.now()) return cached.header
    const exp = Math.floor(Date.now() / 1000) + 12 * 3600
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      "aes128gcm",
      exp,
    )
    jwtByAudience.set(audience, { header: Authorization, renewAt: Date.now() + 11 * 3600 * 1000 })
    return Authorization
  }

  // ---------- sending, bounded by `concurrency` requests at a time ----------
  let active = 0
  const waiting = []
  async function withSlot(fn) {
    if (active >= concurrency) await new Promise((r) => waiting.push(r))
    active += 1
    try {
      return await fn()
    } finally {
      active -= 1
      waiting.shift()?.()
    }
  }

  async function sendOne(job, sub) {
    return withSlot(async () => {
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(job.payload),
          {
            TTL: job.ttl,
            urgency: job.urgency === "high" ? "high" : "normal",
            ...(job.topic ? { topic: job.topic } : {}),
            headers: { Authorization: authorization(sub.endpoint) },
            agent,
            timeout: 15_000,
          },
        )
        return { sub, outcome: "delivered" }
      } catch (err) {
        const status = err?.statusCode ?? 0
        return {
          sub,
          outcome: classify(status),
          status,
          retryAfter: retryAfterMs(err?.headers?.["retry-after"]),
          message: status ? `${status} ${String(err.body ?? "").slice(0, 120)}`.trim() : String(err?.message ?? err),
        }
      }
    })
  }

  return { sendOne, destroy: () => agent.destroy() }
}
