// @ts-check
/// <reference path="../types/types.d.ts" />
// Web push routes for the app and its service worker:
// - GET /api/vitrine/push/config: the VAPID public key, read at run time (VAPID_PUBLIC_KEY, else
//   DATA_DIR/.vapid.json written by the worker or npm start), so the build never depends on it;
// - GET/PUT /api/vitrine/push/preferences: what the signed-in user wants pushed;
// - POST /api/vitrine/push/opened {id}: a tapped push marks its in-app notification(s) read. The
//   service worker has no session, so the job id is the capability: it is random (15 of
//   [a-z0-9]), travels only inside the encrypted push, and can do nothing but mark as read;
// - POST /api/vitrine/push/renew: the service worker's pushsubscriptionchange. Whoever holds the
//   old endpoint (a secret URL) may replace it with the new one, re-checked like any endpoint.

const { pushConf: conf } = require(`${__hooks}/lib/util.js`)

/** @param {core.App} app */
function publicKey(app) {
  const fromEnv = String($os.getenv("VAPID_PUBLIC_KEY") || "").trim()
  if (fromEnv) return fromEnv
  try {
    const text = toString($os.readFile(app.dataDir() + "/.vapid.json"))
    return String(JSON.parse(text).publicKey || "")
  } catch (_) {
    return "" // no key yet: push is off until the worker (or npm start) creates one
  }
}

/**
 * GET /api/vitrine/push/config -> {publicKey} ("" when push is not set up).
 * @param {core.RequestEvent} e
 */
function config(e) {
  return e.json(200, { publicKey: publicKey(e.app) })
}

/**
 * @param {core.App} app
 * @param {string} userId
 */
function preferencesOf(app, userId) {
  const staff = require(`${__hooks}/lib/access.js`).isStaff(app, userId)
  const rows = app.findRecordsByFilter("push_preferences", "user = {:u}", "", 1, 0, { u: userId })
  const r = rows.length > 0 ? rows[0] : null
  return {
    votes: r ? r.getBool("votes") : true,
    comments: r ? r.getBool("comments") : true,
    launches: r ? r.getBool("launches") : true,
    moderation: r ? staff && r.getBool("moderation") : false,
    staff: staff,
  }
}

/**
 * GET /api/vitrine/push/preferences -> {votes, comments, launches, moderation, staff}.
 * @param {core.RequestEvent} e
 */
function getPreferences(e) {
  return e.json(200, preferencesOf(e.app, e.auth.id))
}

/**
 * PUT /api/vitrine/push/preferences {votes?, comments?, launches?, moderation?}: moderation is
 * staff only. (launches: new products of makers one follows; one's own place of the day follows
 * votes.)
 * @param {core.RequestEvent} e
 */
function putPreferences(e) {
  const m = conf().messages
  const body = e.requestInfo().body || {}
  /** @type {("votes" | "comments" | "launches" | "moderation")[]} */
  const keys = ["votes", "comments", "launches", "moderation"]
  for (const k of keys) {
    if (body[k] !== undefined && typeof body[k] !== "boolean") {
      /** @type {{ [field: string]: ValidationError }} */
      const data = {}
      data[k] = new ValidationError("validation_invalid_value", m.preferencesInvalid)
      throw new BadRequestError(m.preferencesInvalid, data)
    }
  }
  e.app.runInTransaction((tx) => {
    const current = preferencesOf(tx, e.auth.id)
    if (body.moderation === true && !current.staff) throw new ForbiddenError(m.staffOnly)
    const rows = tx.findRecordsByFilter("push_preferences", "user = {:u}", "", 1, 0, { u: e.auth.id })
    const r = rows.length > 0 ? rows[0] : new Record(tx.findCachedCollectionByNameOrId("push_preferences"))
    r.set("user", e.auth.id)
    for (const k of keys) r.set(k, body[k] !== undefined ? body[k] : current[k])
    tx.save(r)
  })
  return e.json(200, preferencesOf(e.app, e.auth.id))
}

/**
 * POST /api/vitrine/push/opened {id}: always 204 (no hint whether the id exists).
 * @param {core.RequestEvent} e
 */
function opened(e) {
  const id = String((e.requestInfo().body || {}).id || "")
  if (!/^[a-z0-9]{15}$/.test(id)) return e.noContent(204)
  e.app.runInTransaction((tx) => {
    let job
    try {
      job = tx.findRecordById("push_jobs", id)
    } catch (_) {
      return
    }
    // a vote push stands for every unseen vote on that product (they collapse into one)
    const unread =
      job.getString("kind") === "new_vote"
        ? tx.findRecordsByFilter(
            "notifications",
            "user = {:u} && product = {:p} && type = 'new_vote' && is_read = false",
            "",
            200,
            0,
            { u: job.getString("user"), p: job.getString("product") },
          )
        : tx.findRecordsByFilter("notifications", "id = {:n} && is_read = false", "", 1, 0, {
            n: job.getString("notification"),
          })
    for (const n of unread) {
      n.set("is_read", true)
      tx.save(n) // a record save: the open app's bell hears it (realtime)
    }
  })
  return e.noContent(204)
}

/**
 * POST /api/vitrine/push/renew {old_endpoint, endpoint, p256dh, auth} -> 204, or 404.
 * @param {core.RequestEvent} e
 */
function renew(e) {
  const body = e.requestInfo().body || {}
  const oldEndpoint = String(body.old_endpoint || "")
  e.app.runInTransaction((tx) => {
    const found = oldEndpoint
      ? tx.findRecordsByFilter("push_subscriptions", "endpoint = {:e}", "", 1, 0, { e: oldEndpoint })
      : []
    if (found.length === 0) throw new NotFoundError("Inscrição não encontrada.")
    const sub = found[0]
    sub.set("endpoint", String(body.endpoint || ""))
    sub.set("p256dh", String(body.p256dh || ""))
    sub.set("auth", String(body.auth || ""))
    require(`${__hooks}/lib/push-subscriptions.js`).check(sub)
    const taken = tx.findRecordsByFilter("push_subscriptions", "endpoint = {:e} && id != {:id}", "", 1, 0, {
      e: sub.getString("endpoint"),
      id: sub.id,
    })
    if (taken.length > 0) tx.delete(taken[0])
    tx.save(sub)
  })
  return e.noContent(204)
}

module.exports = { config, getPreferences, putPreferences, opened, renew, publicKey }
