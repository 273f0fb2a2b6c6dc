// @ts-check
/// <reference path="../types/types.d.ts" />
// Per-account (and per-network) limits, on the server, with a Portuguese 429 that says when to try
// again: product submissions, comments, reports, vote toggles, sign-ups, e-mails and failed logins
// (windows and counts in rules.json limits.usage), and views/clicks counted once per user and
// product per hour. Every event is a row of usage_events (superuser-only collection); a check and
// its row are written in the caller's transaction, so concurrent requests cannot slip past a
// limit (PocketBase writes through one connection). RATE_LIMITS=off turns them all off, with
// PocketBase's own limits (test suites sign in hundreds of users from one address).

const util = require(`${__hooks}/lib/util.js`)
const { rules } = util

function enabled() {
  return $os.getenv("RATE_LIMITS") !== "off"
}

/**
 * SQLite's text form of a time (what autodate fields store), `secondsAgo` before now.
 * @param {number} secondsAgo
 */
function timeText(secondsAgo) {
  return util.nowText(new Date(Date.now() - secondsAgo * 1000))
}

/**
 * 'em 3 horas', 'em 12 minutos', 'em 40 segundos'.
 * @param {number} seconds
 */
function inTime(seconds) {
  const s = Math.max(1, Math.ceil(seconds))
  if (s >= 7200) return `em ${Math.ceil(s / 3600)} horas`
  if (s >= 3600) return "em 1 hora"
  if (s >= 120) return `em ${Math.ceil(s / 60)} minutos`
  if (s >= 60) return "em 1 minuto"
  return `em ${s} segundos`
}

/** @param {number} seconds */
function windowText(seconds) {
  if (seconds >= 86400) return `${Math.round(seconds / 3600)} horas`
  if (seconds >= 3600) return `${Math.round(seconds / 3600)} hora(s)`
  return seconds >= 60 ? `${Math.round(seconds / 60)} minuto(s)` : `${seconds} segundos`
}

/** @type {{ [action: string]: string }} */
const MESSAGE_KEYS = {
  product: "limitProduct",
  comment: "limitComment",
  flag: "limitFlag",
  vote: "limitVote",
  signup: "limitSignup",
  "mail-address": "limitMailAddress",
  "mail-ip": "limitMailIp",
  "login-pair": "limitLoginPair",
  "login-account": "limitLoginAccount",
  "login-ip": "limitLoginIp",
}

/**
 * @param {core.App} app
 * @param {string} action
 * @param {string} subject
 * @param {string} since
 * @param {string} [target]
 */
function countSince(app, action, subject, since, target) {
  const row = new DynamicModel({ n: 0, oldest: "" })
  app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS n, COALESCE(MIN(created), '') AS oldest FROM usage_events " +
        "WHERE action = {:a} AND subject = {:s} AND created >= {:since}" +
        (target === undefined ? "" : " AND target = {:t}"),
    )
    .bind({ a: action, s: subject, since: since, t: target === undefined ? "" : target })
    .one(row)
  return row
}

/**
 * Throws a 429 (Portuguese, with when to try again) when `subject` already did `action` as many
 * times as a window of rules.json allows. `e` (optional) gets the Retry-After header.
 * @param {core.App} app
 * @param {string} action
 * @param {string} subject
 * @param {core.RequestEvent} [e]
 */
function check(app, action, subject, e) {
  if (!enabled() || !subject) return
  // rules.json's types name each action; `action` is any string here
  const usage = /** @type {{ [action: string]: { max: number, windowS: number }[] }} */ (rules().limits.usage)
  const messages = /** @type {{ [key: string]: string }} */ (rules().messages)
  const windows = usage[action] || []
  for (const w of windows) {
    const seen = countSince(app, action, subject, timeText(w.windowS))
    if (seen.n < w.max) continue
    const oldest = Date.parse(String(seen.oldest).replace(" ", "T"))
    const wait = isNaN(oldest) ? w.windowS : (oldest + w.windowS * 1000 - Date.now()) / 1000
    const message = String(messages[MESSAGE_KEYS[action]] || "Muitas tentativas. Tente novamente {when}")
      .replace("{max}", String(w.max))
      .replace("{window}", windowText(w.windowS))
      .replace("{when}", inTime(wait))
    if (e) {
      try {
        e.response.header().set("Retry-After", String(Math.max(1, Math.ceil(wait))))
      } catch (_) {
        // record request hooks cannot set headers here; the message says when anyway
      }
    }
    throw new TooManyRequestsError(message + ".", {})
  }
}

/**
 * Writes one event (and drops the subject's events of that action older than a day).
 * @param {core.App} app
 * @param {string} action
 * @param {string} subject
 * @param {string} [target]
 */
function record(app, action, subject, target) {
  if (!enabled() || !subject) return
  app
    .db()
    .newQuery(
      "INSERT INTO usage_events (id, action, subject, target, created) " + "VALUES ({:id}, {:a}, {:s}, {:t}, {:now})",
    )
    .bind({
      id: util.newId(),
      a: action,
      s: subject,
      t: target || "",
      now: timeText(0),
    })
    .execute()
  app
    .db()
    .newQuery("DELETE FROM usage_events WHERE action = {:a} AND subject = {:s} AND created < {:old}")
    .bind({ a: action, s: subject, old: timeText(2 * 86400) })
    .execute()
}

/**
 * check() then record(): one more `action` by `subject`, if the limits allow it.
 * @param {core.App} app
 * @param {string} action
 * @param {string} subject
 * @param {core.RequestEvent} [e]
 * @param {string} [target]
 */
function take(app, action, subject, e, target) {
  if (!enabled()) return
  check(app, action, subject, e)
  record(app, action, subject, target)
}

/**
 * Views and clicks: true when this user's view (or click) of this product is the first in the
 * hour, and then recorded; false when it was already counted. Always true with limits off.
 * @param {core.App} app
 * @param {string} action
 * @param {string} userId
 * @param {string} productId
 */
function countOnce(app, action, userId, productId) {
  if (!enabled()) return true
  const since = timeText(rules().limits.countOncePerS)
  if (countSince(app, action, userId, since, productId).n > 0) return false
  record(app, action, userId, productId)
  return true
}

module.exports = { enabled, check, record, take, countOnce, countSince, timeText }
