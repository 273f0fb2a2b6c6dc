// Launch days: the ranking of a day, week or month (GET /api/vitrine/ranking) and the close of each
// ended day, which records every product's final place and notifies the makers of the top 3.
//
// Ranking order: votes (the product's vote_count), then the one published earlier, then the id.
// Each page is ONE SQL statement on the partial index idx_products_launch_{day,week,month}_rank
// (migration 1795313600): the first page reads the index from its start; a later page seeks to
// the cursor with two index ranges (the rest of the cursor's vote count, then every lower count),
// so a page costs the same on day 1 or day 1,000 of the ranking. The card JSON, cursor encoding
// and response cache are the listing's (lib/products-query.js).
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
const COLUMNS = { day: "launch_day", week: "launch_week", month: "launch_month" }
const PERIODS = ["today", "yesterday", "day", "week", "month"]

function days() {
  return require(`${__hooks}/lib/launch-days.js`)
}
function query() {
  return require(`${__hooks}/lib/products-query.js`)
}
function messages() {
  return require(`${__hooks}/lib/rules.json`).messages
}

function badRequest(field, message) {
  const data = {}
  data[field] = new ValidationError("validation_invalid_value", message)
  return new BadRequestError(message + ".", data)
}

/**
 * What a ranking request asks for, resolved against today in São Paulo: {period (day, week or
 * month), column, key, from, to, today, prev, next}. Throws a 400 for a bad period or date.
 */
function resolvePeriod(periodParam, dateParam, now) {
  const d = days()
  const today = d.today(now)
  const period = periodParam || "today"
  if (PERIODS.indexOf(period) < 0) throw badRequest("period", messages().periodInvalid)
  if (dateParam && !d.isDay(dateParam)) throw badRequest("date", messages().dateInvalid)
  if (period === "day" && !dateParam) throw badRequest("date", messages().dateInvalid)
  const anchor = period === "today" ? today : period === "yesterday" ? d.addDays(today, -1) : dateParam || today
  if (period === "week") {
    const key = d.weekOf(anchor)
    const next = d.addDays(key, 7)
    return {
      period: "week",
      column: COLUMNS.week,
      key: key,
      from: key,
      to: d.addDays(key, 6),
      today: today,
      prev: d.addDays(key, -7),
      next: next <= today ? next : null,
    }
  }
  if (period === "month") {
    const key = d.monthOf(anchor)
    const next = d.addMonths(key, 1)
    return {
      period: "month",
      column: COLUMNS.month,
      key: key,
      from: key + "-01",
      to: d.monthEnd(key),
      today: today,
      prev: d.addMonths(key, -1),
      next: next + "-01" <= today ? next : null,
    }
  }
  const next = d.addDays(anchor, 1)
  return {
    period: "day",
    column: COLUMNS.day,
    key: anchor,
    from: anchor,
    to: anchor,
    today: today,
    prev: d.addDays(anchor, -1),
    next: next <= today ? next : null,
  }
}

// ---------- cursor ----------

const DATE_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?Z$/
const ID_RE = /^[A-Za-z0-9_]{1,64}$/

function encodeCursor(c) {
  return query().encodeBase64Url(JSON.stringify(c))
}

/** The cursor of this ranking (same column and key), or null. */
function decodeCursor(raw, column, key) {
  let c
  try {
    c = JSON.parse(query().decodeBase64Url(raw) || "null")
  } catch (_) {
    return null
  }
  const ok =
    c &&
    typeof c === "object" &&
    c.m === "rank" &&
    c.c === column &&
    c.k === key &&
    Number.isInteger(c.v) &&
    typeof c.a === "string" &&
    DATE_RE.test(c.a) &&
    typeof c.i === "string" &&
    ID_RE.test(c.i) &&
    Number.isInteger(c.r) &&
    c.r > 0
  return ok ? c : null
}

// ---------- ranking ----------

/** One page of a ranking as JSON text: {..period, items: [{rank, product}], nextCursor}. */
function rankingBody(app, r, cursor, limit) {
  const base =
    "SELECT p.id AS id, p.published_at AS pa, p.vote_count AS vc FROM products p " +
    `WHERE p.status = 'approved' AND p.${r.column} = {:key}`
  const bind = { key: r.key, lim: limit + 1 }
  let inner
  if (!cursor) {
    inner = `${base} ORDER BY p.vote_count DESC, p.published_at, p.id LIMIT {:lim}`
  } else {
    Object.assign(bind, { cv: cursor.v, ca: cursor.a, ci: cursor.i })
    // two seeks on the index: the rest of the cursor's vote count, then the lower counts
    inner =
      "SELECT id, pa, vc FROM (" +
      `SELECT * FROM (${base} AND p.vote_count = {:cv} AND (p.published_at, p.id) > ({:ca}, {:ci}) ` +
      "ORDER BY p.published_at, p.id LIMIT {:lim}) UNION ALL " +
      `SELECT * FROM (${base} AND p.vote_count < {:cv} ORDER BY p.vote_count DESC, p.published_at, p.id LIMIT {:lim})` +
      ") ORDER BY vc DESC, pa, id LIMIT {:lim}"
  }
  let rows = query().queryCards(app, inner, "page.vc DESC, page.pa, page.id", bind)
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
    headJson.slice(0, -1) + `,"items":[${items}],"nextCursor":${next ? JSON.stringify(encodeCursor(next)) : "null"}}`
  )
}

/**
 * GET /api/vitrine/ranking?period=today|yesterday|day|week|month&date=AAAA-MM-DD&cursor=&limit=
 * Public: approved products launched in the period, by votes, with their rank.
 */
function ranking(e) {
  const q = e.requestInfo().query
  const text = (name) => (typeof q[name] === "string" ? q[name].trim() : "")
  const r = resolvePeriod(text("period"), text("date"))
  try {
    closeEndedDays(e.app)
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("closing ended launch days failed", err) // the ranking is answered anyway
  }
  const parsed = parseInt(text("limit"), 10)
  const limit = isNaN(parsed) ? query().DEFAULT_LIMIT : Math.max(1, Math.min(query().MAX_LIMIT, parsed))
  const raw = text("cursor")
  const cursor = raw ? decodeCursor(raw, r.column, r.key) : null
  if (raw && !cursor) {
    const m = require(`${__hooks}/lib/rules.json`).messages.cursorInvalid
    throw new BadRequestError(m, { cursor: new ValidationError("validation_invalid_cursor", m) })
  }
  const key = ["ranking", r.column, r.key, r.today, raw, limit].join("\u0001")
  return query().cachedJson(e, "list", key, () => rankingBody(e.app, r, cursor, limit))
}

// ---------- closing days ----------

function nowText() {
  return new Date().toISOString().replace("T", " ")
}

/**
 * Closes `day` if it is not closed yet: the final place of each product launched that day, and
 * a daily_rank notification (with its push job) to the maker of each of the top 3, all in one
 * transaction. Returns {day, closed (false: it already was), products, awarded: [{product, rank}]}.
 */
function closeDay(app, day) {
  const out = { day: day, closed: false, products: 0, awarded: [] }
  app.runInTransaction((tx) => {
    const db = tx.db()
    const claimed = db
      .newQuery(
        "INSERT INTO launch_closes (day, products, closed_at) VALUES ({:d}, 0, {:now}) ON CONFLICT (day) DO NOTHING",
      )
      .bind({ d: day, now: nowText() })
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
 */
function closeRoute(e) {
  const body = e.requestInfo().body || {}
  const day = typeof body.day === "string" ? body.day.trim() : ""
  if (!day) return e.json(200, { closed: closeEndedDays(e.app) })
  if (!e.hasSuperuserAuth()) throw new ForbiddenError(messages().closeForbidden + ".")
  const d = days()
  if (!d.isDay(day)) throw badRequest("day", messages().dateInvalid)
  if (day >= d.today()) throw badRequest("day", messages().closeNotEnded)
  return e.json(200, closeDay(e.app, day))
}

/** This server's own address, for the cron job (the --http flag of `pocketbase serve`). */
function ownUrl() {
  let address = "127.0.0.1:8090"
  for (const arg of $os.args) {
    const m = /^--http=(.+)$/.exec(String(arg))
    if (m) address = m[1]
  }
  const colon = address.lastIndexOf(":")
  const host = colon > 0 ? address.slice(0, colon) : ""
  const port = colon >= 0 ? address.slice(colon + 1) : "80"
  return `http://${!host || host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${port}`
}

/** The cron job's body: the close runs in a route (see the header). Never throws. */
function cronClose() {
  try {
    const res = $http.send({
      url: ownUrl() + "/api/vitrine/launches/close",
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
      timeout: 60,
    })
    if (res.statusCode !== 200) require(`${__hooks}/lib/util.js`).logWarn("launch close answered " + res.statusCode)
  } catch (err) {
    require(`${__hooks}/lib/util.js`).logWarn("launch close failed", err)
  }
}

module.exports = { ranking, resolvePeriod, closeDay, closeEndedDays, closeRoute, cronClose, CATCH_UP_DAYS }
