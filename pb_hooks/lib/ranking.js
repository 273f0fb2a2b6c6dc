// @ts-check
/// <reference path="../types/types.d.ts" />
// The ranking of a launch day, week or month (GET /api/vitrine/ranking): approved products launched
// in the period, by votes, with their place. Reading it first closes the days that ended
// (lib/launches.js).
//
// Ranking order: votes (the product's vote_count), then the one published earlier, then the id.
// Each page is ONE SQL statement on the partial index idx_products_launch_{day,week,month}_rank
// (migration 1795313600): the first page reads the index from its start; a later page seeks to
// the cursor with two index ranges (the rest of the cursor's vote count, then every lower count),
// so a page costs the same on day 1 or day 1,000 of the ranking. The card JSON, cursor codec and
// response cache are the listing's (lib/products-cards.js, lib/products-cursor.js,
// lib/products-response.js).

/**
 * A resolved ranking period (see resolvePeriod).
 * @typedef {{ period: "day" | "week" | "month", column: string, key: string, from: string, to: string, today: string, prev: string, next: string | null }} Period
 */

const PERIODS = ["today", "yesterday", "day", "week", "month"]

const util = require(`${__hooks}/lib/util.js`)
const { messages } = util

const { COLUMNS } = require(`${__hooks}/lib/launch-days.js`)

function days() {
  return require(`${__hooks}/lib/launch-days.js`)
}
function cursors() {
  return require(`${__hooks}/lib/products-cursor.js`)
}
function response() {
  return require(`${__hooks}/lib/products-response.js`)
}

/**
 * A 400 naming the field (the launch close route answers the same for its day).
 * @param {string} field
 * @param {string} message
 */
function badRequest(field, message) {
  /** @type {{ [field: string]: ValidationError }} */
  const data = {}
  data[field] = new ValidationError("validation_invalid_value", message)
  return new BadRequestError(message + ".", data)
}

/**
 * What a ranking request asks for, resolved against today in São Paulo: {period (day, week or
 * month), column, key, from, to, today, prev, next}. Throws a 400 for a bad period or date.
 * @param {string} periodParam
 * @param {string} dateParam
 * @param {number} [now]
 * @returns {Period}
 */
function resolvePeriod(periodParam, dateParam, now) {
  const d = days()
  const today = d.today(now)
  const period = periodParam || "today"
  if (PERIODS.indexOf(period) < 0) throw badRequest("period", messages().periodInvalid)
  if (dateParam && !d.isDay(dateParam)) throw badRequest("date", messages().dateInvalid)
  if (period === "day" && !dateParam) throw badRequest("date", messages().dateInvalid)
  const anchor = period === "today" ? today : period === "yesterday" ? d.addDays(today, -1) : dateParam || today
  // `first` is the next period's first day: offered only once it has begun
  /** @type {(name: "day" | "week" | "month", key: string, from: string, to: string, prev: string, next: string, first: string) => Period} */
  const resolved = (name, key, from, to, prev, next, first) => {
    return { period: name, column: COLUMNS[name], key, from, to, today, prev, next: first <= today ? next : null }
  }
  if (period === "week") {
    const key = d.weekOf(anchor)
    const next = d.addDays(key, 7)
    return resolved("week", key, key, d.addDays(key, 6), d.addDays(key, -7), next, next)
  }
  if (period === "month") {
    const key = d.monthOf(anchor)
    const next = d.addMonths(key, 1)
    return resolved("month", key, key + "-01", d.monthEnd(key), d.addMonths(key, -1), next, next + "-01")
  }
  const next = d.addDays(anchor, 1)
  return resolved("day", anchor, anchor, anchor, d.addDays(anchor, -1), next, next)
}

/**
 * One page of a ranking as JSON text: {..period, items: [{rank, product}], nextCursor}.
 * @param {core.App} app
 * @param {Period} r
 * @param {import("./products-cursor.js").Cursor | null} cursor
 * @param {number} limit
 */
function rankingBody(app, r, cursor, limit) {
  const base =
    "SELECT p.id AS id, p.published_at AS pa, p.vote_count AS vc FROM products p " +
    `WHERE p.status = 'approved' AND p.${r.column} = {:key}`
  const bind = { key: r.key }
  const lim = util.sqlInt(limit + 1)
  let inner
  if (!cursor) {
    inner = `${base} ORDER BY p.vote_count DESC, p.published_at, p.id LIMIT ${lim}`
  } else {
    Object.assign(bind, { cv: cursor.v, ca: cursor.a, ci: cursor.i })
    // two seeks on the index: the rest of the cursor's vote count, then the lower counts
    inner =
      "SELECT id, pa, vc FROM (" +
      `SELECT * FROM (${base} AND p.vote_count = {:cv} AND (p.published_at, p.id) > ({:ca}, {:ci}) ` +
      `ORDER BY p.published_at, p.id LIMIT ${lim}) UNION ALL ` +
      `SELECT * FROM (${base} AND p.vote_count < {:cv} ORDER BY p.vote_count DESC, p.published_at, p.id LIMIT ${lim})` +
      `) ORDER BY vc DESC, pa, id LIMIT ${lim}`
  }
  let rows = require(`${__hooks}/lib/products-cards.js`).queryCards(app, inner, "page.vc DESC, page.pa, page.id", bind)
  const offset = cursor ? cursor.r : 0
  let next = null
  if (rows.length > limit) {
    rows = rows.slice(0, limit)
    const last = rows[rows.length - 1]
    next = { m: "rank", c: r.column, k: r.key, v: last.vc, a: last.pa, i: last.id, r: offset + limit }
  }
  const items = rows.map((row, i) => `{"rank":${offset + i + 1},"product":${row.j}}`).join(",")
  const head = {
    period: r.period,
    key: r.key,
    from: r.from,
    to: r.to,
    today: r.today,
    prev: r.prev,
    next: r.next,
  }
  const headJson = JSON.stringify(head)
  return (
    headJson.slice(0, -1) +
    `,"items":[${items}],"nextCursor":${next ? JSON.stringify(cursors().encodeCursor(next)) : "null"}}`
  )
}

/**
 * The closed days first: reading a ranking closes the days that ended (lib/launches.js).
 * @param {core.App} app
 */
function closeDays(app) {
  try {
    require(`${__hooks}/lib/launches.js`).closeEndedDays(app)
  } catch (err) {
    util.logWarn("closing ended launch days failed", err) // the ranking is answered anyway
  }
}

/**
 * The response cache key of a ranking page.
 * @param {Period} r
 * @param {string} rawCursor
 * @param {number} limit
 */
function cacheKey(r, rawCursor, limit) {
  return ["ranking", r.column, r.key, r.today, rawCursor, limit].join("\u0001")
}

/**
 * GET /api/vitrine/ranking?period=today|yesterday|day|week|month&date=AAAA-MM-DD&cursor=&limit=
 * Public: approved products launched in the period, by votes, with their rank.
 * @param {core.RequestEvent} e
 */
function ranking(e) {
  const q = e.requestInfo().query
  const text = (/** @type {string} */ name) => util.param(q, name)
  const r = resolvePeriod(text("period"), text("date"))
  closeDays(e.app)
  const limit = require(`${__hooks}/lib/products-query.js`).pageLimit(text("limit"))
  const raw = text("cursor")
  const cursor = raw ? cursors().decodeRankCursor(raw, r.column, r.key) : null
  if (raw && !cursor) throw response().cursorInvalid()
  return response().cachedJson(e, "list", cacheKey(r, raw, limit), () => rankingBody(e.app, r, cursor, limit))
}

/**
 * The first page of today's ranking as JSON text, as GET /api/vitrine/ranking?period=today&limit=
 * answers it: for /home's bootstrap ('Lançamentos de hoje').
 * @param {core.App} app
 * @param {number} limit
 */
function todayText(app, limit) {
  const r = resolvePeriod("today", "")
  closeDays(app)
  return response().cachedText(app, "list", cacheKey(r, "", limit), () => rankingBody(app, r, null, limit))
}

module.exports = { ranking, todayText, resolvePeriod, badRequest }
