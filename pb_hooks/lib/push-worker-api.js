// @ts-check
/// <reference path="../types/types.d.ts" />
// The push worker's side of the outbox (superuser only). The worker claims due jobs with the
// subscriptions still to reach (lib/push-claim.js: a lease keeps another worker off them; a killed
// worker's lease simply runs out), sends them, and reports what each push service answered
// (here). All bookkeeping is on the server, in transactions:
// - a newer pending job of the same topic (votes on one product) supersedes the older ones;
// - a job older than its TTL is dropped (the push service would drop it too);
// - the per-user hourly cap (PUSH_HOURLY_CAP, default 20) counts pushes sent in the last hour;
// - a subscription that accepted a job is never sent that job again (sent_to), so a retry after a
//   503 or a restart reaches only the ones still missing;
// - 404/410 subscriptions are deleted; transient failures come back after the worker's backoff.

const MAX_ATTEMPTS = 8

const { nowText } = require(`${__hooks}/lib/util.js`)

/**
 * @param {core.RequestEvent} e
 */
function requireWorker(e) {
  if (!e.hasSuperuserAuth()) throw new ForbiddenError("Apenas o worker de push pode fazer isso.")
}

/**
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 * @param {number} fallback
 */
function intIn(value, min, max, fallback) {
  const n = parseInt(String(value), 10)
  return isNaN(n) ? fallback : Math.min(max, Math.max(min, n))
}

/**
 * "{:p0}, {:p1}, ..." for `values`, adding them to `params`.
 * @param {string} prefix
 * @param {string[]} values
 * @param {{ [name: string]: unknown }} params
 */
function inList(prefix, values, params) {
  return values
    .map((v, i) => {
      params[prefix + i] = v
      return `{:${prefix}${i}}`
    })
    .join(", ")
}

/**
 * @param {string} text
 * @returns {string[]}
 */
function parseList(text) {
  try {
    const v = JSON.parse(text || "[]")
    return Array.isArray(v) ? v : []
  } catch (_) {
    return []
  }
}

/**
 * When the next pending job becomes claimable: its retry time, or its lease's end if later.
 * @param {core.App} app
 * @returns {string | null}
 */
function nextDue(app) {
  const row = new DynamicModel({ due: "" })
  app
    .db()
    .newQuery(
      `SELECT COALESCE(MIN(MAX(CASE WHEN next_attempt_at = '' THEN created ELSE next_attempt_at END, lease_until)), '') AS due
       FROM push_jobs WHERE status = 'pending'`,
    )
    .one(row)
  return row.due || null
}

/**
 * POST /api/vitrine/push/worker/report {results: [{id, delivered, gone, dropped, retry_in, error}]}:
 * subscription ids that accepted the push, are gone (404/410: deleted) or refused it for good
 * (400/401/403/413); retry_in (ms) says some subscription failed transiently. sent_to collects the
 * subscriptions done with (delivered or refused), so a retry skips them.
 * @param {core.RequestEvent} e
 */
function report(e) {
  requireWorker(e)
  const results = (e.requestInfo().body || {}).results
  if (!Array.isArray(results)) throw new BadRequestError("results inválido.")
  const now = new Date()
  const nowT = nowText(now)
  e.app.runInTransaction((tx) => {
    const sql = (/** @type {string} */ q, /** @type {dbx.Params} */ params) =>
      tx
        .db()
        .newQuery(q)
        .bind(params || {})
    for (const r of results) {
      const row = new DynamicModel({ user: "", sent_to: "", attempts: 0, notification: "", sent_at: "" })
      try {
        sql(`SELECT user, sent_to, attempts, notification, sent_at FROM push_jobs WHERE id = {:id}`, {
          id: String(r.id || ""),
        }).one(row)
      } catch (_) {
        continue // deleted meanwhile (its user or product went away)
      }
      const sentTo = parseList(row.sent_to)
      const delivered = Array.isArray(r.delivered) ? r.delivered.map(String) : []
      const dropped = Array.isArray(r.dropped) ? r.dropped.map(String) : []
      for (const s of delivered.concat(dropped)) if (sentTo.indexOf(s) < 0) sentTo.push(s)
      const gone = (Array.isArray(r.gone) ? r.gone : []).map(String)
      if (gone.length > 0) {
        const params = { user: row.user }
        sql(
          `DELETE FROM push_subscriptions WHERE user = {:user} AND id IN (${inList("g", gone, params)})`,
          params,
        ).execute()
      }
      const error = String(r.error || "").slice(0, 500)
      const everDelivered = !!row.sent_at || delivered.length > 0
      let status = everDelivered ? "sent" : "dropped"
      let next = ""
      let attempts = row.attempts
      if (r.retry_in !== undefined && r.retry_in !== null) {
        attempts += 1
        if (attempts < MAX_ATTEMPTS) {
          status = "pending"
          next = nowText(new Date(now.getTime() + intIn(r.retry_in, 0, 24 * 3600 * 1000, 1000)))
        } else {
          status = "failed"
        }
      }
      const firstDelivery = delivered.length > 0 && !row.sent_at
      sql(
        `UPDATE push_jobs SET status = {:status}, sent_to = {:sentTo}, attempts = {:attempts},
           next_attempt_at = {:next}, lease_until = '', lease_owner = '', last_error = {:error}, updated = {:now},
           sent_at = CASE WHEN {:first} THEN {:now} ELSE sent_at END
         WHERE id = {:id}`,
        {
          status: status,
          sentTo: JSON.stringify(sentTo),
          attempts: attempts,
          next: next,
          error: error,
          now: nowT,
          first: firstDelivery,
          id: String(r.id),
        },
      ).execute()
      if (firstDelivery && row.notification) {
        sql(`UPDATE notifications SET pushed_at = {:now} WHERE id = {:id} AND pushed_at = ''`, {
          now: nowT,
          id: row.notification,
        }).execute()
      }
    }
  })
  return e.json(200, { next_due: nextDue(e.app) })
}

/**
 * POST /api/vitrine/push/worker/cleanup: finished jobs older than 7 days go.
 * @param {core.RequestEvent} e
 */
function cleanup(e) {
  requireWorker(e)
  const res = e.app
    .db()
    .newQuery(`DELETE FROM push_jobs WHERE status != 'pending' AND updated < {:before}`)
    .bind({ before: nowText(new Date(Date.now() - 7 * 24 * 3600 * 1000)) })
    .execute()
  return e.json(200, { deleted: res.rowsAffected() })
}

module.exports = { report, cleanup, requireWorker, intIn, inList, parseList, nextDue, MAX_ATTEMPTS }
