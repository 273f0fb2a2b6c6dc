// @ts-check
/// <reference path="../types/types.d.ts" />
// The bell's realtime channel: each signed-in user's open tabs hear of their own notifications on
// one topic (TOPIC), addressed by user. PocketBase's own collection subscriptions cost each event
// a check of every subscriber: for each client subscribed to "notifications", it evaluated the
// list rule and the client's filter in SQL, whoever the notification was for. With the bell open
// for 200 signed-in users, a vote took 17.5 ms of server CPU instead of 1.9, and npm run bench's
// mix fell from 4,742 to 552 requests a second; with 1,000, a vote took 176 ms (measured on the
// bench's 100,000 products). Here a notification reaches its user's connections through an index
// kept in the app store (user id -> the ids of their realtime clients on TOPIC): its cost does not
// depend on how many people are connected.
//
// The index is filled when a client subscribes (track) and pruned as it is read: an id whose client
// is gone, has left the topic or speaks for someone else now is dropped at the next message to
// that user, or at that user's next subscription.
//
// Subscriptions are limited to what the app asks for (kept): PB_CONNECT and TOPIC for anyone, and
// the moderation queue's collections (products, flags) for staff. Any other collection
// subscription would have PocketBase check every one of its subscribers at every change of that
// collection (a few hundred connections subscribed to comments could slow every comment down), so
// it is dropped from the request (not refused: the SDK sends all of a tab's topics at once and
// keeps a refused one, so a refusal would also take the bell and PB_CONNECT from an app of an
// older version, or from a moderator who lost the role, and have it reconnect in a loop).
// Superusers (the push worker, the dashboard) are not limited.
//
// Sending waits for the connection to take the message (PocketBase's client channel has no
// buffer, and a connection writes one message at a time, with no write deadline): a tab that
// stopped reading would hold the request that notified it. A send that has waited STUCK_MS ends
// with its client discarded by the next message to that user (the connection closes, the app
// reconnects and reads its list again), which also frees the waiting send.

const TOPIC = "vitrine/notifications"
const KEY_PREFIX = "vitrine:live:"
/** a user's realtime clients kept (tabs, devices); the oldest is dropped past it */
const MAX_CLIENTS = 20
/** collections staff subscribe to (the moderation queue, lib/admin screens) */
const STAFF_COLLECTIONS = ["products", "flags"]
const SENDING_PREFIX = "vitrine:live:sending:"
const STUCK_MS = 5000

const { appStore } = require(`${__hooks}/lib/app-store.js`)

/**
 * The collection (or other name) a subscription topic is about: "products/*?options=..." ->
 * "products".
 * @param {string} topic
 */
function collectionOf(topic) {
  return topic.split("?")[0].split("/")[0]
}

/**
 * Drops from the request the subscriptions the app never asks for. Called before PocketBase sets
 * them.
 * @param {core.RealtimeSubscribeRequestEvent} e
 */
function keep(e) {
  if (e.hasSuperuserAuth()) return
  /** @type {boolean | null} */
  let staff = null
  const asked = (e.subscriptions || []).map(String)
  const kept = asked.filter((t) => {
    if (t === "PB_CONNECT" || t === TOPIC) return true
    if (STAFF_COLLECTIONS.indexOf(collectionOf(t)) === -1) return false
    if (staff === null) {
      const access = require(`${__hooks}/lib/access.js`)
      const uid = access.userId(e)
      staff = uid !== "" && access.isStaff(e.app, uid)
    }
    return staff
  })
  if (kept.length !== asked.length) e.subscriptions = kept
}

/**
 * After the client's subscriptions are set: a signed-in user on TOPIC is indexed under their id.
 * @param {core.RealtimeSubscribeRequestEvent} e
 */
function track(e) {
  const uid = require(`${__hooks}/lib/access.js`).userId(e)
  if (!uid || !e.client.hasSubscription(TOPIC)) return
  const id = e.client.id()
  const broker = e.app.subscriptionsBroker()
  appStore(e.app).setFunc(KEY_PREFIX + uid, (/** @type {string[] | undefined} */ old) => {
    const kept = (old || []).filter((c) => c !== id && listening(broker, c, uid) !== null)
    kept.push(id)
    return kept.slice(-MAX_CLIENTS)
  })
}

/**
 * The client `id` when it is still connected, on TOPIC and signed in as `uid`; otherwise null.
 * @param {subscriptions.Broker} broker
 * @param {string} id
 * @param {string} uid
 * @returns {subscriptions.Client | null}
 */
function listening(broker, id, uid) {
  let client
  try {
    client = broker.clientById(id)
  } catch (_) {
    return null // disconnected
  }
  if (client.isDiscarded() || !client.hasSubscription(TOPIC)) return null
  const auth = client.get("auth")
  return auth && auth.id === uid ? client : null
}

/**
 * Tells the user `uid`'s open tabs that their notifications changed (`action`: create, update,
 * delete, read-all; `id`: the notification's, or "" for read-all). After the change committed.
 * Never throws: a message that cannot be sent leaves the change as it is (the app also rereads
 * the list when its realtime connection comes back).
 * @param {core.App} app
 * @param {string} uid
 * @param {string} action
 * @param {string} id
 */
function tell(app, uid, action, id) {
  if (!uid) return
  try {
    const store = appStore(app)
    const ids = /** @type {string[] | undefined} */ (store.get(KEY_PREFIX + uid))
    if (!ids || ids.length === 0) return
    const broker = app.subscriptionsBroker()
    const message = new SubscriptionMessage({ name: TOPIC, data: JSON.stringify({ action, id }) })
    /** @type {string[]} */
    const gone = []
    for (const c of ids) {
      const client = listening(broker, c, uid)
      if (client === null) gone.push(c)
      else if (!send(store, client, c, message)) gone.push(c)
    }
    if (gone.length > 0) {
      store.setFunc(KEY_PREFIX + uid, (/** @type {string[] | undefined} */ old) =>
        (old || []).filter((c) => gone.indexOf(c) === -1),
      )
    }
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("realtime notification failed", err)
  }
}

/**
 * Sends `message` to `client` (id `id`), counting it in flight meanwhile (the count's key is
 * removed once none is: client ids change at every reconnection); false, without sending, when a
 * send to it has been waiting past STUCK_MS: the client is then discarded (its connection closes,
 * and the waiting send returns).
 * @param {import("./app-store.js").AppStore} store
 * @param {subscriptions.Client} client
 * @param {string} id
 * @param {SubscriptionMessage} message
 */
function send(store, client, id, message) {
  const key = SENDING_PREFIX + id
  const now = Date.now()
  let stuck = false
  store.setFunc(key, (/** @type {{ n: number, since: number } | undefined} */ old) => {
    if (!old) return { n: 1, since: now }
    stuck = now - old.since > STUCK_MS
    return stuck ? undefined : { n: old.n + 1, since: old.since }
  })
  if (stuck) {
    client.discard()
    store.remove(key)
    return false
  }
  try {
    client.send(message)
  } finally {
    let left = 0
    store.setFunc(key, (/** @type {{ n: number, since: number } | undefined} */ old) => {
      left = old && old.n > 1 ? old.n - 1 : 0
      return left > 0 && old ? { n: left, since: old.since } : undefined
    })
    if (left === 0) store.remove(key)
  }
  return true
}

module.exports = { TOPIC, keep, track, tell }
