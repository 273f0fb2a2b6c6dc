// @ts-check
/// <reference path="../types/types.d.ts" />
// The push worker claims the due jobs (superuser only): first, in one transaction, a newer pending
// job of the same topic supersedes the older ones and jobs past their TTL are dropped; then each
// due job is leased to the worker with the subscriptions it has still to reach, unless its user
// reached the hourly cap. Reports and the bookkeeping rules: lib/push-worker-api.js.

const util = require(`${__hooks}/lib/util.js`)
const nowText = util.nowText

/** @typedef {{ id: string, endpoint: string, p256dh: string, auth: string }} Subscription */
/**
 * A claimed job as the worker gets it.
 * @typedef {{ id: string, payload: { [key: string]: unknown }, topic: string, ttl: number, urgency: string, attempts: number, subscriptions: Subscription[] }} ClaimedJob
 */

function workerApi() {
  return require(`${__hooks}/lib/push-worker-api.js`)
}

function hourlyCap() {
  const fromEnv = parseInt($os.getenv("PUSH_HOURLY_CAP") || "", 10)
  return fromEnv > 0 ? fromEnv : util.pushConf().limits.hourlyCap
}

/**
 * POST /api/vitrine/push/worker/claim {worker, limit, lease} -> {jobs, next_due}: each job with
 * its payload (plus its id), topic, remaining TTL, urgency and the subscriptions still to reach.
 * @param {core.RequestEvent} e
 */
function claim(e) {
  const { requireWorker, intIn, inList, parseList, nextDue } = workerApi()
  requireWorker(e)
  const body = e.requestInfo().body || {}
  const worker = String(body.worker || "worker").slice(0, 100)
  const limit = intIn(body.limit, 1, 1000, 200)
  const lease = intIn(body.lease, 1, 3600, 60)
  const cap = hourlyCap()
  const now = new Date()
  const nowT = nowText(now)
  /** @type {ClaimedJob[]} */
  const jobs = []
  e.app.runInTransaction((tx) => {
    const sql = (/** @type {string} */ q, /** @type {dbx.Params} */ params) =>
      tx
        .db()
        .newQuery(q)
        .bind(params || {})
    sql(
      `UPDATE push_jobs SET status = 'collapsed', updated = {:now}
       WHERE status = 'pending' AND topic != '' AND (lease_until = '' OR lease_until < {:now})
         AND EXISTS (SELECT 1 FROM push_jobs n WHERE n.user = push_jobs.user AND n.topic = push_jobs.topic
           AND n.status = 'pending' AND (n.created > push_jobs.created OR (n.created = push_jobs.created AND n.id > push_jobs.id)))`,
      { now: nowT },
    ).execute()
    sql(
      `UPDATE push_jobs SET status = 'dropped', last_error = 'expirado (TTL)', updated = {:now}
       WHERE status = 'pending' AND (lease_until = '' OR lease_until < {:now})
         AND (julianday({:now}) - julianday(created)) * 86400 > ttl`,
      { now: nowT },
    ).execute()

    const due = arrayOf(
      new DynamicModel({
        id: "",
        user: "",
        payload: "",
        topic: "",
        ttl: 0,
        urgency: "",
        attempts: 0,
        sent_to: "",
        age: -0,
      }),
    )
    sql(
      `SELECT id, user, payload, topic, ttl, urgency, attempts, sent_to, sent_at,
         (julianday({:now}) - julianday(created)) * 86400 AS age
       FROM push_jobs
       WHERE status = 'pending' AND (next_attempt_at = '' OR next_attempt_at <= {:now})
         AND (lease_until = '' OR lease_until < {:now})
       ORDER BY created, id LIMIT ${util.sqlInt(limit)}`,
      { now: nowT },
    ).all(due)
    if (due.length === 0) return

    const users = []
    for (const j of due) if (users.indexOf(j.user) < 0) users.push(j.user)
    const params = { now: nowT, hourAgo: nowText(new Date(now.getTime() - 3600 * 1000)) }
    const userList = inList("u", users, params)
    const counts = arrayOf(new DynamicModel({ user: "", n: 0 }))
    sql(
      `SELECT user, COUNT(*) AS n FROM push_jobs WHERE user IN (${userList})
         AND ((status = 'sent' AND sent_at >= {:hourAgo}) OR (status = 'pending' AND lease_until >= {:now}))
       GROUP BY user`,
      params,
    ).all(counts)
    /** @type {{ [user: string]: number }} */
    const sentThisHour = {}
    for (const c of counts) sentThisHour[c.user] = c.n

    const subs = arrayOf(new DynamicModel({ id: "", user: "", endpoint: "", p256dh: "", auth: "" }))
    sql(`SELECT id, user, endpoint, p256dh, auth FROM push_subscriptions WHERE user IN (${userList})`, params).all(subs)
    /** @type {{ [user: string]: Subscription[] }} */
    const subsOf = {}
    for (const s of subs) {
      ;(subsOf[s.user] = subsOf[s.user] || []).push({ id: s.id, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    }

    const leaseUntil = nowText(new Date(now.getTime() + lease * 1000))
    const close = (/** @type {string} */ id, /** @type {string} */ status, /** @type {string} */ error) =>
      sql(
        `UPDATE push_jobs SET status = {:status}, last_error = {:error}, updated = {:now},
           sent_at = CASE WHEN {:status} = 'sent' AND sent_at = '' THEN {:now} ELSE sent_at END
         WHERE id = {:id}`,
        { id: id, status: status, error: error, now: nowT },
      ).execute()
    for (const j of due) {
      const sentTo = parseList(j.sent_to)
      const remaining = (subsOf[j.user] || []).filter((s) => sentTo.indexOf(s.id) < 0)
      if (remaining.length === 0) {
        close(j.id, j.sent_at ? "sent" : "dropped", j.sent_at ? "" : "sem inscrições")
        continue
      }
      if ((sentThisHour[j.user] || 0) >= cap) {
        close(j.id, "capped", `limite de ${cap} por hora`)
        continue
      }
      sentThisHour[j.user] = (sentThisHour[j.user] || 0) + 1
      sql(`UPDATE push_jobs SET lease_until = {:until}, lease_owner = {:worker}, updated = {:now} WHERE id = {:id}`, {
        until: leaseUntil,
        worker: worker,
        now: nowT,
        id: j.id,
      }).execute()
      const payload = JSON.parse(j.payload || "{}")
      payload.id = j.id
      jobs.push({
        id: j.id,
        payload: payload,
        topic: j.topic,
        ttl: Math.max(0, Math.floor(j.ttl - j.age)),
        urgency: j.urgency,
        attempts: j.attempts,
        subscriptions: remaining,
      })
    }
  })
  return e.json(200, { jobs: jobs, next_due: nextDue(e.app) })
}

module.exports = { claim }
