// @ts-check
/// <reference path="../types/types.d.ts" />
// Following makers: the follow as a state (PUT = following, DELETE = not), public counts, and the
// new_product notification of a maker's followers when a product of theirs is approved.
// Who follows whom is private to the two people (collection rules, migration 1795313610); the
// counts are public.

const { messages } = require(`${__hooks}/lib/util.js`)

/**
 * How many people follow `makerId` (the unique index (maker, follower) counts it).
 * @param {core.App} app
 * @param {string} makerId
 * @returns {number}
 */
function followerCount(app, makerId) {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery("SELECT COUNT(*) AS n FROM follows WHERE maker = {:m}").bind({ m: makerId }).one(row)
  return row.n
}

/**
 * PUT (on = true) or DELETE (on = false) /api/vitrine/makers/{id}/follow, signed in: the caller
 * follows the maker (user id) or not; a replay or a double tap has the effect of once. A PUT may
 * carry the follow's client-generated id. Answers {following, followers}.
 * @param {core.RequestEvent} e
 * @param {boolean} on
 */
function setFollow(e, on) {
  const makerId = String(e.request.pathValue("id") || "")
  const me = e.auth.id
  if (makerId === me) {
    const m = messages().followSelf
    throw new BadRequestError(m + ".", { maker: new ValidationError("validation_follow_self", m) })
  }
  const body = e.requestInfo().body || {}
  let followers = 0
  e.app.runInTransaction((tx) => {
    try {
      tx.findRecordById("users", makerId)
    } catch (_) {
      throw new NotFoundError(messages().makerNotFound + ".")
    }
    const existing = tx.findRecordsByFilter("follows", "follower = {:f} && maker = {:m}", "", 1, 0, {
      f: me,
      m: makerId,
    })
    if (on && existing.length === 0) {
      const row = new Record(tx.findCachedCollectionByNameOrId("follows"))
      if (typeof body.id === "string" && /^[a-z0-9]{15}$/.test(body.id)) row.set("id", body.id)
      row.set("follower", me)
      row.set("maker", makerId)
      tx.save(row)
    } else if (!on && existing.length > 0) {
      tx.delete(existing[0])
    }
    followers = followerCount(tx, makerId)
  })
  return e.json(200, { following: on, followers: followers })
}

/**
 * A product of `product.created_by` was just approved (by `approver`): each follower gets
 * 'X lançou Y' (type new_product) with its push, at most once per maker per São Paulo day
 * (follow_notices' primary key), never the approver (their own action). One transaction.
 * @param {core.App} app
 * @param {core.Record} product
 * @param {string} [approver]
 */
function notifyFollowers(app, product, approver) {
  const maker = product.getString("created_by")
  const day = product.getString("launch_day") || require(`${__hooks}/lib/launch-days.js`).today()
  const rows = arrayOf(new DynamicModel({ follower: "" }))
  app
    .db()
    .newQuery("SELECT follower FROM follows WHERE maker = {:m} AND follower != {:a} ORDER BY follower")
    .bind({ m: maker, a: approver || "" })
    .all(rows)
  if (rows.length === 0) return 0
  let told = 0
  app.runInTransaction((tx) => {
    const engagement = require(`${__hooks}/lib/engagement.js`)
    for (const r of rows) {
      const fresh = tx
        .db()
        .newQuery("INSERT INTO follow_notices (follower, maker, day) VALUES ({:f}, {:m}, {:d}) ON CONFLICT DO NOTHING")
        .bind({ f: r.follower, m: maker, d: day })
        .execute()
      if (fresh.rowsAffected() === 0) continue // already told about this maker today
      engagement.saveNotification(
        tx,
        {
          user: r.follower,
          actor: maker,
          type: "new_product",
          product: product.id,
          payload: { product_slug: product.getString("slug"), product_title: product.getString("title") },
        },
        approver,
      )
      told += 1
    }
  })
  return told
}

module.exports = { setFollow, followerCount, notifyFollowers }
