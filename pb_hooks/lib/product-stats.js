// @ts-check
/// <reference path="../types/types.d.ts" />
// Maker analytics: GET /api/vitrine/products/by-slug/{slug}/stats, for the product's owner and
// staff (and superusers) only: signed out 401; a product the caller cannot see 404; an approved
// product of someone else 403 (it is public, but its numbers are not).
//
// The 30 days of the chart are one primary-key range read of product_daily_stats (migration
// 1795313620); totals are the product's own counters (all time); the places are its launch day's
// final rank (launch_ranks, once the day closed) or its live rank, and its live rank in its
// launch week and month (counts on the ranking indexes, bounded by RANK_CAP).

const { messages, rules } = require(`${__hooks}/lib/util.js`)
const { COLUMNS } = require(`${__hooks}/lib/launch-days.js`)

// Counting a place reads one index entry per product ahead of it: beyond RANK_CAP the page says
// 'fora dos 1.000 primeiros' instead of counting on (a month can hold tens of thousands).
const RANK_CAP = 1000

/** @typedef {{ rank: number | null, of: number, capped: boolean }} Rank */

/**
 * {rank, of, capped}: the product's place in its period (ranking order) and how many launched in
 * it; rank is null past RANK_CAP, and `of` stops at RANK_CAP (capped = true).
 * @param {core.App} app
 * @param {string} column
 * @param {string} key
 * @param {DynamicModel} p
 * @returns {Rank}
 */
function liveRank(app, column, key, p) {
  const row = new DynamicModel({ ahead: 0, of: 0 })
  app
    .db()
    .newQuery(
      `SELECT
        (SELECT COUNT(*) FROM (SELECT 1 FROM products q WHERE q.status = 'approved' AND q.${column} = {:k} AND
          (q.vote_count > {:v} OR (q.vote_count = {:v} AND (q.published_at, q.id) < ({:a}, {:id}))) LIMIT ${RANK_CAP})) AS ahead,
        (SELECT COUNT(*) FROM (SELECT 1 FROM products q WHERE q.status = 'approved' AND q.${column} = {:k}
          LIMIT ${RANK_CAP + 1})) AS of`,
    )
    .bind({ k: key, v: p.vote_count, a: p.published_at, id: p.id })
    .one(row)
  return {
    rank: row.ahead >= RANK_CAP ? null : row.ahead + 1,
    of: Math.min(row.of, RANK_CAP),
    capped: row.of > RANK_CAP,
  }
}

/**
 * The day's final place, once the day closed, or null.
 * @param {core.App} app
 * @param {string} productId
 * @param {string} day
 * @returns {Rank | null}
 */
function finalRank(app, productId, day) {
  const row = new DynamicModel({ rank: 0, of: 0 })
  try {
    app
      .db()
      .newQuery(
        "SELECT r.rank AS rank, c.products AS of FROM launch_ranks r JOIN launch_closes c ON c.day = r.day " +
          "WHERE r.product = {:p} AND r.day = {:d}",
      )
      .bind({ p: productId, d: day })
      .one(row)
  } catch (_) {
    return null // not closed yet
  }
  return { rank: row.rank, of: row.of, capped: false }
}

/**
 * @param {core.RequestEvent} e
 * @param {string} slug
 */
function stats(e, slug) {
  const access = require(`${__hooks}/lib/access.js`)
  const days = require(`${__hooks}/lib/launch-days.js`)
  const uid = access.userId(e)
  if (!uid && !e.hasSuperuserAuth()) throw new UnauthorizedError(messages().loginToStats + ".")
  const head = require(`${__hooks}/lib/products-detail.js`).productHead(e.app, "slug", slug)
  if (!head) throw new NotFoundError(messages().notFound + ".")
  if (!access.isPrivileged(e, head.created_by)) {
    if (head.status === "approved") throw new ForbiddenError(messages().statsForbidden + ".")
    throw new NotFoundError(messages().notFound + ".")
  }

  const p = new DynamicModel({
    id: "",
    slug: "",
    title: "",
    status: "",
    published_at: "",
    launch_day: "",
    launch_week: "",
    launch_month: "",
    vote_count: 0,
    view_count: 0,
    click_count: 0,
    comment_count: 0,
  })
  e.app
    .db()
    .newQuery(
      "SELECT id, slug, title, status, published_at, launch_day, launch_week, launch_month, vote_count, " +
        "view_count, click_count, comment_count FROM products WHERE id = {:id}",
    )
    .bind({ id: head.id })
    .one(p)

  const n = rules().limits.statsDays
  const to = days.today()
  const from = days.addDays(to, -(n - 1))
  const rows = arrayOf(new DynamicModel({ day: "", views: 0, clicks: 0, votes: 0, comments: 0 }))
  e.app
    .db()
    .newQuery(
      "SELECT day, views, clicks, votes, comments FROM product_daily_stats " +
        "WHERE product = {:p} AND day >= {:from} AND day <= {:to} ORDER BY day",
    )
    .bind({ p: head.id, from: from, to: to })
    .all(rows)
  /** @type {{ [day: string]: DynamicModel }} */
  const byDay = {}
  for (const r of rows) byDay[r.day] = r
  const series = []
  const window = { views: 0, clicks: 0, votes: 0, comments: 0 }
  for (let i = 0; i < n; i++) {
    const day = days.addDays(from, i)
    const r = byDay[day]
    const point = {
      day: day,
      views: r ? r.views : 0,
      clicks: r ? r.clicks : 0,
      votes: r ? r.votes : 0,
      comments: r ? r.comments : 0,
    }
    for (const k of /** @type {const} */ (["views", "clicks", "votes", "comments"])) window[k] += point[k]
    series.push(point)
  }

  const ranks = []
  if (p.status === "approved" && p.launch_day) {
    const closed = finalRank(e.app, p.id, p.launch_day)
    const day = closed || liveRank(e.app, COLUMNS.day, p.launch_day, p)
    ranks.push({ period: "day", key: p.launch_day, rank: day.rank, of: day.of, more: day.capped, final: !!closed })
    for (const period of /** @type {const} */ (["week", "month"])) {
      const key = p[COLUMNS[period]]
      const live = liveRank(e.app, COLUMNS[period], key, p)
      ranks.push({ period: period, key: key, rank: live.rank, of: live.of, more: live.capped, final: false })
    }
  }

  const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (b > 0 ? a / b : null)
  return e.json(200, {
    product: {
      id: p.id,
      slug: p.slug,
      title: p.title,
      status: p.status,
      published_at: p.published_at,
      launch_day: p.launch_day,
    },
    from: from,
    to: to,
    days: series,
    totals: { views: p.view_count, clicks: p.click_count, votes: p.vote_count, comments: p.comment_count },
    window: window,
    conversion: ratio(p.click_count, p.view_count),
    windowConversion: ratio(window.clicks, window.views),
    ranks: ranks,
  })
}

module.exports = { stats }
