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
// Subscriptions are limited to what the app asks for (allowed): PB_CONNECT and TOPIC for anyone,
// and the moderation queue's collections (products, flags) for staff. Any other collection
// subscription would have PocketBase check every one of its subscribers at every change of that
// collection (a few hundred connections subscribed to comments could slow every comment down);
// superusers (the push worker, the dashboard) are not limited.

const TOPIC = "vitrine/notifications"
const KEY_PREFIX = "vitrine:live:"
/** a user's realtime clients kept (tabs, devices); the oldest is dropped past it */
const MAX_CLIENTS = 20
/** collections staff subscribe to (the moderation queue, lib/admin screens) */
const STAFF_COLLECTIONS = ["products", "flags"]

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
 * Refuses (403) a subscription the app never asks for. Called before PocketBase sets them.
 * @param {core.RealtimeSubscribeRequestEvent} e
 */
function allowed(e) {
  if (e.hasSuperuserAuth()) return
  let staff = null
  for (const topic of e.subscriptions || []) {
    const t = String(topic)
    if (t === "PB_CONNECT" || t === TOPIC) continue
    if (STAFF_COLLECTIONS.indexOf(collectionOf(t)) !== -1) {
      if (staff === null) {
        const uid = require(`${__hooks}/lib/access.js`).userId(e)
        staff = uid !== "" && require(`${__hooks}/lib/access.js`).isStaff(e.app, uid)
      }
      if (staff) continue
    }
    throw new ForbiddenError(require(`${__hooks}/lib/util.js`).messages().realtimeNotAllowed + ".")
  }
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
      else client.send(message)
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

module.exports = { TOPIC, allowed, track, tell }
