// @ts-check
/// <reference path="../types/types.d.ts" />
// Closing launch days: once a day has ended (São Paulo), every product launched that day gets its
// final place and the makers of the top 3 are notified. The ranking itself: lib/ranking.js.
//
// Closing a day (closeDay) is idempotent: the launch_closes primary key admits one close per
// day, and the close, the final ranks and the top 3's notifications (with their push jobs) commit
// together. It runs
// - lazily: the first ranking read or notification list after midnight (São Paulo) closes the days
//   that ended (at most CATCH_UP_DAYS back), then remembers that in the app store;
// - from a cron job every 10 minutes (pb_hooks/launches.pb.js), which calls POST
//   /api/vitrine/launches/close over HTTP: PocketBase 0.39.0 cron jobs may see a dead
//   transactional $app, routes never do. That route only ever closes days that have ended, which
//   is what the next read would do anyway, so it needs no secret;
// - for a chosen day (tests, operators): the same route with {day}, superusers only.

const CATCH_UP_DAYS = 7
const CLOSED_KEY = "vitrine:launches:closed-through"

const util = require(`${__hooks}/lib/util.js`)
const { messages } = util

function days() {
  return require(`${__hooks}/lib/launch-days.js`)
}

/**
 * Closes `day` if it is not closed yet: the final place of each product launched that day, and
 * a daily_rank notification (with its push job) to the maker of each of the top 3, all in one
 * transaction. Returns {day, closed (false: it already was), products, awarded: [{product, rank}]}.
 * @param {core.App} app
 * @param {string} day
 */
function closeDay(app, day) {
  /** @type {{ day: string, closed: boolean, products: number, awarded: { product: string, rank: number }[] }} */
  const out = { day: day, closed: false, products: 0, awarded: [] }
  app.runInTransaction((tx) => {
    const db = tx.db()
    const claimed = db
      .newQuery(
        "INSERT INTO launch_closes (day, products, closed_at) VALUES ({:d}, 0, {:now}) ON CONFLICT (day) DO NOTHING",
      )
      .bind({ d: day, now: util.nowText() })
      .execute()
    if (claimed.rowsAffected() === 0) return
    out.closed = true
    out.products = db
      .newQuery(
        "INSERT OR IGNORE INTO launch_ranks (product, day, rank, votes) " +
          "SELECT id, {:d}, ROW_NUMBER() OVER (ORDER BY vote_count DESC, published_at, id), vote_count " +
          "FROM products WHERE status = 'approved' AND launch_day = {:d}",
      )
      .bind({ d: day })
      .execute()
      .rowsAffected()
    db.newQuery("UPDATE launch_closes SET products = {:n} WHERE day = {:d}").bind({ n: out.products, d: day }).execute()

    const top = arrayOf(new DynamicModel({ product: "", rank: 0 }))
    db.newQuery("SELECT product, rank FROM launch_ranks WHERE day = {:d} AND rank <= 3 ORDER BY rank")
      .bind({ d: day })
      .all(top)
    const engagement = require(`${__hooks}/lib/engagement.js`)
    for (const t of top) {
      const product = tx.findRecordById("products", t.product)
      const told = tx.findRecordsByFilter("notifications", "product = {:p} && type = 'daily_rank'", "", 1, 0, {
        p: product.id,
      })
      if (told.length > 0) continue // a product relaunched on another day is told once
      engagement.saveNotification(tx, {
        user: product.getString("created_by"),
        type: "daily_rank",
        product: product.id,
        payload: {
          product_slug: product.getString("slug"),
          product_title: product.getString("title"),
          rank: t.rank,
          day: day,
        },
      })
      out.awarded.push({ product: product.id, rank: t.rank })
    }
  })
  return out
}

/**
 * Closes every day that has ended (in São Paulo) and is not closed, back to CATCH_UP_DAYS ago
 * (older ones are never announced: a server that was off for weeks does not send stale news).
 * Cheap once done for the day: the app store remembers the last day known closed.
 * @param {core.App} app
 * @param {number} [now]
 */
function closeEndedDays(app, now) {
  const d = days()
  const today = d.today(now)
  const yesterday = d.addDays(today, -1)
  const store = app.store()
  if (store.get(CLOSED_KEY) === yesterday) return []
  const open = arrayOf(new DynamicModel({ day: "" }))
  app
    .db()
    .newQuery(
      "SELECT DISTINCT launch_day AS day FROM products WHERE status = 'approved' " +
        "AND launch_day >= {:from} AND launch_day < {:today} " +
        "AND launch_day NOT IN (SELECT day FROM launch_closes) ORDER BY launch_day",
    )
    .bind({ from: d.addDays(today, -CATCH_UP_DAYS), today: today })
    .all(open)
  const results = open.map((row) => closeDay(app, row.day))
  // new_product dedupe rows are only needed for the day they guard
  app
    .db()
    .newQuery("DELETE FROM follow_notices WHERE day < {:cutoff}")
    .bind({ cutoff: d.addDays(today, -2) })
    .execute()
  store.set(CLOSED_KEY, yesterday)
  return results
}

/**
 * POST /api/vitrine/launches/close: closes the days that ended (anyone: it only does what the next
 * read would do). With {day}: that day, if it has ended (superusers only; no catch-up limit).
 * @param {core.RequestEvent} e
 */
function closeRoute(e) {
  const body = e.requestInfo().body || {}
  const day = typeof body.day === "string" ? body.day.trim() : ""
  if (!day) return e.json(200, { closed: closeEndedDays(e.app) })
  if (!e.hasSuperuserAuth()) throw new ForbiddenError(messages().closeForbidden + ".")
  const d = days()
  const badRequest = require(`${__hooks}/lib/ranking.js`).badRequest
  if (!d.isDay(day)) throw badRequest("day", messages().dateInvalid)
  if (day >= d.today()) throw badRequest("day", messages().closeNotEnded)
  return e.json(200, closeDay(e.app, day))
}

/** The cron job's body: the close runs in a route (see the header; lib/loopback.js). Never throws. */
function cronClose() {
  require(`${__hooks}/lib/loopback.js`).postSelf("/api/vitrine/launches/close", "launch close", 60)
}

module.exports = { closeDay, closeEndedDays, closeRoute, cronClose }
