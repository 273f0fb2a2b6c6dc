// @ts-check
/// <reference path="../types/types.d.ts" />
// Push subscriptions (collection push_subscriptions, owner-only API rules): the server decides
// which endpoints it will ever call. A push endpoint is a URL the worker POSTs to, so only https
// origins of the known browser push services are accepted (plus PUSH_ALLOWED_ORIGINS, for tests
// and self-hosted push services); anything else (127.0.0.1, private ranges, other hosts) is
// refused, or a subscription would make the server call arbitrary URLs.
// At most 10 per user; one row per endpoint (unique index). Whoever holds an endpoint owns it: a
// push endpoint is a secret capability URL, so a new sign-in on the same browser takes it over.

const { pushConf: conf, fail } = require(`${__hooks}/lib/util.js`)

/**
 * "https://host[:port]" with the default port dropped, lowercased; "" when not an https origin.
 * @param {string} text
 */
function normalizeOrigin(text) {
  const m = /^https:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i.exec(String(text || "").trim())
  if (!m) return ""
  const port = m[2] && m[2] !== "443" ? ":" + m[2] : ""
  return "https://" + m[1].toLowerCase() + port
}

/** PUSH_ALLOWED_ORIGINS: comma-separated https origins accepted on top of the known services. */
function extraOrigins() {
  return String($os.getenv("PUSH_ALLOWED_ORIGINS") || "")
    .split(",")
    .map(normalizeOrigin)
    .filter((o) => o !== "")
}

/**
 * Why an endpoint is refused ("invalid" | "notAllowed"), or "" when it is accepted. No URL parser
 * in the JS engine: the authority is matched strictly (no user info, a plain host name or an IP
 * literal, an optional port), so "https://fcm.googleapis.com@10.0.0.1/" never passes as Google.
 * @param {string} endpoint
 * @returns {"invalid" | "notAllowed" | ""}
 */
function endpointProblem(endpoint) {
  const s = String(endpoint || "")
  if (s.length > 2000) return "invalid"
  const m = /^https:\/\/([^/?#\s]+)(\/[^\s]*)?$/i.exec(s)
  if (!m) return "invalid"
  const hp = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i.exec(m[1])
  if (!hp) return "invalid"
  const host = hp[1].toLowerCase()
  const port = hp[2] && hp[2] !== "443" ? hp[2] : ""
  const origin = "https://" + host + (port ? ":" + port : "")
  if (extraOrigins().indexOf(origin) >= 0) return ""
  if (port) return "notAllowed"
  const services = conf().services
  if (services.hosts.indexOf(host) >= 0) return ""
  for (const suffix of services.suffixes) {
    const label = host.slice(0, host.length - suffix.length)
    if (host.endsWith(suffix) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(label)) return ""
  }
  return "notAllowed"
}

/**
 * base64url of `bytes` bytes (unpadded, as browsers give PushSubscription keys).
 * @param {string} value
 * @param {number} bytes
 */
function isKey(value, bytes) {
  const s = String(value || "").replace(/=+$/, "")
  return /^[A-Za-z0-9_-]+$/.test(s) && s.length === Math.ceil((bytes * 4) / 3)
}

/**
 * The endpoint and the two keys of a subscription record (create and update).
 * @param {core.Record} record
 */
function check(record) {
  const m = conf().messages
  const problem = endpointProblem(record.getString("endpoint"))
  if (problem === "invalid") fail("endpoint", m.endpointInvalid)
  if (problem === "notAllowed") fail("endpoint", m.endpointNotAllowed)
  // P-256 public key, uncompressed (65 bytes), and a 16-byte auth secret
  if (!isKey(record.getString("p256dh"), 65)) fail("p256dh", m.keysInvalid)
  if (!isKey(record.getString("auth"), 16)) fail("auth", m.keysInvalid)
  record.set("user_agent", String(record.getString("user_agent") || "").slice(0, 300))
}

/**
 * onRecordCreateRequest: validates, takes an endpoint over from another account, enforces the
 * per-user limit, all in one transaction with the insert (so two racing creates cannot pass 10).
 * @param {core.RecordRequestEvent} e
 */
function beforeCreate(e) {
  check(e.record)
  e.app.runInTransaction((tx) => {
    const endpoint = e.record.getString("endpoint")
    const user = e.record.getString("user")
    const same = tx.findRecordsByFilter("push_subscriptions", "endpoint = {:e}", "", 1, 0, { e: endpoint })
    if (same.length > 0 && same[0].getString("user") !== user) tx.delete(same[0])
    const limit = conf().limits.subscriptionsPerUser
    if (tx.countRecords("push_subscriptions", $dbx.hashExp({ user: user })) >= limit) {
      fail("endpoint", conf().messages.tooMany)
    }
    e.app = tx // the create below runs in this transaction
    e.next()
  })
}

/**
 * onRecordUpdateRequest: the same checks on the new values (the user never changes, see the rule).
 * @param {core.RecordRequestEvent} e
 */
function beforeUpdate(e) {
  check(e.record)
  e.next()
}

module.exports = { endpointProblem, normalizeOrigin, beforeCreate, beforeUpdate, check }
