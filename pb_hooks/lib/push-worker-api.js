// The push worker's side of the outbox (superuser only). The worker claims due jobs with the
// subscriptions still to reach (a lease keeps another worker off them; a killed worker's lease
// simply runs out), sends them, and reports what each push service answered. All bookkeeping is
// here, in transactions:
// - a newer pending job of the same topic (votes on one product) supersedes the older ones;
// - a job older than its TTL is dropped (the push service would drop it too);
// - the per-user hourly cap (PUSH_HOURLY_CAP, default 20) counts pushes sent in the last hour;
// - a subscription that accepted a job is never sent that job again (sent_to), so a retry after a
//   503 or a restart reaches only the ones still missing;
// - 404/410 subscriptions are deleted; transient failures come back after the worker's backoff.

const MAX_ATTEMPTS = 8

function nowText(d) {
  return (d || new Date()).toISOString().replace("T", " ")
}

function requireWorker(e) {
  if (!e.hasSuperuserAuth()) throw new ForbiddenError("Apenas o worker de push pode fazer isso.")
}

function intIn(value, min, max, fallback) {
  const n = parseInt(value, 10)
  return isNaN(n) ? fallback : Math.min(max, Math.max(min, n))
}

function hourlyCap() {
  const fromEnv = parseInt($os.getenv("PUSH_HOURLY_CAP") || "", 10)
  return fromEnv > 0 ? fromEnv : require(`${__hooks}/lib/push.json`).limits.hourlyCap
}

/** "{:p0}, {:p1}, ..." for `values`, adding them to `params`. */
function inList(prefix, values, params) {
  return values
    .map((v, i) => {
      params[prefix + i] = v
      return `{:${prefix}${i}}`
    })
    .join(", ")
}

function parseList(text) {
  try {
    const v = JSON.parse(text || "[]")
    return Array.isArray(v) ? v : []
  } catch (_) {
    return []
  }
}

/** When the next pending job becomes claimable: its retry time, or its lease's end if later. */
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
 * POST /api/vitrine/push/worker/claim {worker, limit, lease} -> {jobs, next_due}: each job with
 * its payload (plus its id), topic, remaining TTL, urgency and the subscriptions still to reach.
 */
function claim(e) {
  requireWorker(e)
  const body = e.requestInfo().body || {}
  const worker = String(body.worker || "worker").slice(0, 100)
  const limit = intIn(body.limit, 1, 1000, 200)
  const lease = intIn(body.lease, 1, 3600, 60)
  const cap = hourlyCap()
  const now = new Date()
  const nowT = nowText(now)
  const jobs = []
  e.app.runInTransaction((tx) => {
    const sql = (q, params) =>
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
       ORDER BY created, id LIMIT {:limit}`,
      { now: nowT, limit: limit },
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
    const sentThisHour = {}
    for (const c of counts) sentThisHour[c.user] = c.n

    const subs = arrayOf(new DynamicModel({ id: "", user: "", endpoint: "", p256dh: "", auth: "" }))
    sql(`SELECT id, user, endpoint, p256dh, auth FROM push_subscriptions WHERE user IN (${userList})`, params).all(subs)
    const subsOf = {}
    for (const s of subs) {
      ;(subsOf[s.user] = subsOf[s.user] || []).push({ id: s.id, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    }

    const leaseUntil = nowText(new Date(now.getTime() + lease * 1000))
    const close = (id, status, error) =>
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

/**
 * POST /api/vitrine/push/worker/report {results: [{id, delivered, gone, dropped, retry_in, error}]}:
 * subscription ids that accepted the push, are gone (404/410: deleted) or refused it for good
 * (400/401/403/413); retry_in (ms) says some subscription failed transiently. sent_to collects the
 * subscriptions done with (delivered or refused), so a retry skips them.
 */
function report(e) {
  requireWorker(e)
  const results = (e.requestInfo().body || {}).results
  if (!Array.isArray(results)) throw new BadRequestError("results inválido.")
  const now = new Date()
  const nowT = nowText(now)
  e.app.runInTransaction((tx) => {
    const sql = (q, params) =>
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

/** POST /api/vitrine/push/worker/cleanup: finished jobs older than 7 days go. */
function cleanup(e) {
  requireWorker(e)
  const res = e.app
    .db()
    .newQuery(`DELETE FROM push_jobs WHERE status != 'pending' AND updated < {:before}`)
    .bind({ before: nowText(new Date(Date.now() - 7 * 24 * 3600 * 1000)) })
    .execute()
  return e.json(200, { deleted: res.rowsAffected() })
}

module.exports = { claim, report, cleanup, MAX_ATTEMPTS }
