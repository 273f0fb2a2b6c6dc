// @ts-check
/// <reference path="../types/types.d.ts" />
// Push jobs: the durable outbox of web push. Each job is written with the app (or transaction) of
// the event that causes it, so a job exists exactly when its event committed; the worker
// (scripts/push-worker.mjs) sends it later and marks it. A job is queued only for a recipient who
// has at least one subscription and wants that kind of push, never for someone's own action.
// The text is rendered here, in Portuguese, from what the recipient may read anyway (product
// titles, public names, the comment they can see, the reason of their own product's rejection).

const DAY = 24 * 3600

/**
 * A push_jobs row to insert (title and body are clipped to push.json's limits).
 * @typedef {{ user: string, kind: string, notification?: string, product?: string, title?: string, body?: string, url?: string, tag?: string, topic?: string, ttl: number, urgency?: string }} Job
 */

const { pushConf: conf } = require(`${__hooks}/lib/util.js`)

/**
 * @param {unknown} text
 * @param {number} max
 */
function clip(text, max) {
  const s = String(text || "")
    .replace(/\s+/g, " ")
    .trim()
  return s.length > max ? s.slice(0, max - 1) + "…" : s
}

// (prepared on the write connection by the writes that notify in their transaction: lib/
// engagement.js prepareWrites)
const RECIPIENT =
  "SELECT (SELECT COUNT(*) FROM push_subscriptions WHERE user = ?1) AS subs, " +
  "COALESCE((SELECT votes FROM push_preferences WHERE user = ?1), 1) AS votes, " +
  "COALESCE((SELECT comments FROM push_preferences WHERE user = ?1), 1) AS comments, " +
  "COALESCE((SELECT moderation FROM push_preferences WHERE user = ?1), 0) AS moderation, " +
  "COALESCE((SELECT launches FROM push_preferences WHERE user = ?1), 1) AS launches"

/**
 * Whether `user` has a subscription, and their choices (no row: votes and comments on).
 * @param {core.App} app
 * @param {string} user
 */
function recipientOf(app, user) {
  const columns = ["subs", "votes", "comments", "moderation", "launches"]
  const row = require(`${__hooks}/lib/statements.js`).one(app, RECIPIENT, [user], columns)
  const on = (/** @type {string} */ c) => row !== null && Number(row[c]) !== 0
  return {
    subscribed: on("subs"),
    votes: on("votes"),
    comments: on("comments"),
    moderation: on("moderation"),
    launches: on("launches"),
  }
}

/**
 * @param {core.App} app
 * @param {Job} job
 */
function insertJob(app, job) {
  const l = conf().limits
  const r = new Record(app.findCachedCollectionByNameOrId("push_jobs"))
  r.set("user", job.user)
  r.set("kind", job.kind)
  if (job.notification) r.set("notification", job.notification)
  if (job.product) r.set("product", job.product)
  r.set("payload", {
    title: clip(job.title, l.titleMax),
    body: clip(job.body, l.bodyMax),
    url: job.url,
    tag: job.tag,
  })
  r.set("topic", job.topic || "")
  r.set("ttl", job.ttl)
  r.set("urgency", job.urgency || "normal")
  r.set("status", "pending")
  r.set("attempts", 0)
  r.set("sent_to", [])
  app.saveNoValidate(r) // built here (texts clipped above), not from input
}

/**
 * @param {core.App} app
 * @param {string} userId
 */
function displayName(app, userId) {
  if (!userId) return "Alguém"
  try {
    return app.findRecordById("users", userId).getString("display_name") || "Alguém"
  } catch (_) {
    return "Alguém"
  }
}

/**
 * @param {string} slug
 */
function productPath(slug) {
  return "/products/" + encodeURIComponent(slug)
}

/**
 * A push.json text with its {placeholders} filled.
 * @param {string} template
 * @param {{ [key: string]: unknown }} values
 */
function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (values[k] !== undefined ? String(values[k]) : m))
}

/**
 * The push for a notification row (new_vote, new_comment, product_approved, product_rejected,
 * new_product, daily_rank),
 * written with the same app/transaction as the row. `actor` (optional) is who caused it when the
 * row does not say (approvals): nobody is pushed about their own action.
 * @param {core.App} app
 * @param {core.Record} n
 * @param {string} [actor]
 */
function queueForNotification(app, n, actor) {
  const user = n.getString("user")
  const type = n.getString("type")
  if (n.getString("actor") === user || (actor && actor === user)) return
  const who = recipientOf(app, user)
  if (!who.subscribed) return
  if (type === "new_vote" && !who.votes) return
  if (type === "new_comment" && !who.comments) return
  // a followed maker's launch: 'Lançamentos de quem eu sigo'; one's own place of the day is the
  // outcome of votes on one's product: 'Votos nos meus produtos'
  if (type === "new_product" && !who.launches) return
  if (type === "daily_rank" && !who.votes) return

  const p = JSON.parse(n.getString("payload") || "{}")
  const productId = n.getString("product")
  const title = p.product_title || "seu produto"
  const url = productPath(p.product_slug || "")
  /** @type {Job} */
  const job = { user: user, kind: type, notification: n.id, product: productId, ttl: DAY, urgency: "normal" }

  if (type === "new_vote") {
    // every vote not yet seen, so the newest push (same topic and tag) tells the whole story
    const unseen = app.countRecords(
      "notifications",
      $dbx.hashExp({ user: user, product: productId, type: "new_vote", is_read: false }),
    )
    const count = Math.max(1, unseen)
    job.title = count > 1 ? "Novos votos" : "Novo voto"
    job.body =
      count > 1
        ? `Seu produto ${title} recebeu ${count} novos votos`
        : `${displayName(app, n.getString("actor"))} votou no seu produto ${title}`
    job.url = url
    job.tag = "vote-" + productId
    job.topic = "vote-" + productId
  } else if (type === "new_comment") {
    const actorName = displayName(app, n.getString("actor"))
    const preview = p.comment_preview ? `: “${p.comment_preview}”` : ""
    let reply = false
    try {
      const c = app.findRecordById("comments", n.getString("comment"))
      const parent = c.getString("parent")
      reply = !!parent && app.findRecordById("comments", parent).getString("user") === user
    } catch (_) {
      // comment or parent gone: a plain comment push
    }
    job.title = reply ? "Nova resposta" : "Novo comentário"
    job.body = reply
      ? `${actorName} respondeu ao seu comentário em ${title}${preview}`
      : `${actorName} comentou em ${title}${preview}`
    job.url = url + "#comment-" + n.getString("comment")
    job.tag = "comment-" + n.getString("comment")
  } else if (type === "product_approved" || type === "product_rejected") {
    const approved = type === "product_approved"
    job.title = approved ? "Produto aprovado" : "Produto rejeitado"
    job.body = approved
      ? `Seu produto ${title} foi aprovado e já está publicado!`
      : `Seu produto ${title} foi rejeitado${p.reason ? ": " + p.reason : ""}`
    job.url = url
    job.tag = "product-" + productId
    job.ttl = 3 * DAY
  } else if (type === "new_product") {
    const copy = conf().copy.new_product
    job.title = copy.title
    job.body = fill(copy.body, { maker: displayName(app, n.getString("actor")), product: title })
    job.url = url
    job.tag = "launch-" + productId
  } else if (type === "daily_rank") {
    const copy = conf().copy.daily_rank
    const day = String(p.day || "")
    const values = { rank: p.rank, date: require(`${__hooks}/lib/launch-days.js`).shortDate(day), product: title }
    job.title = fill(copy.title, values)
    job.body = fill(copy.body, values)
    job.url = "/ranking/" + day
    job.tag = "rank-" + productId
    job.ttl = 3 * DAY
  } else {
    return
  }
  insertJob(app, job)
}

/**
 * Staff who opted in to moderation pushes and have a subscription, except `actor`.
 * @param {core.App} app
 * @param {string} [actor]
 * @returns {string[]}
 */
function staffRecipients(app, actor) {
  const rows = arrayOf(new DynamicModel({ user: "" }))
  app
    .db()
    .newQuery(
      `SELECT DISTINCT r.user AS user FROM user_roles r
       JOIN push_preferences p ON p.user = r.user AND p.moderation = TRUE
       WHERE r.user != {:actor} AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user = r.user)
       ORDER BY r.user`,
    )
    .bind({ actor: actor || "" })
    .all(rows)
  return rows.map((r) => r.user)
}

/**
 * A product just submitted (pending): staff who opted in hear about it, urgently.
 * @param {core.App} app
 * @param {core.Record} product
 * @param {string} [actor]
 */
function queueStaffProduct(app, product, actor) {
  const recipients = staffRecipients(app, actor)
  if (recipients.length === 0) return
  const maker = displayName(app, product.getString("created_by"))
  for (const user of recipients) {
    insertJob(app, {
      user: user,
      kind: "staff_product",
      product: product.id,
      title: "Novo produto para revisar",
      body: `${product.getString("title")}, enviado por ${maker}`,
      url: "/admin/products",
      tag: "staff-product-" + product.id,
      ttl: 3 * DAY,
      urgency: "high",
    })
  }
}

/**
 * A report just opened: staff who opted in hear about it, urgently (never the reporter).
 * @param {core.App} app
 * @param {core.Record} flag
 */
function queueStaffFlag(app, flag) {
  // a report from an unconfirmed e-mail does not reach staff until it is confirmed
  if (!app.findRecordById("users", flag.getString("reporter")).verified()) return
  const recipients = staffRecipients(app, flag.getString("reporter"))
  if (recipients.length === 0) return
  let productTitle = "um produto"
  try {
    productTitle = app.findRecordById("products", flag.getString("product")).getString("title")
  } catch (_) {
    // the product went away meanwhile: the generic name stays
  }
  const what = flag.getString("target_type") === "comment" ? "Comentário denunciado" : "Produto denunciado"
  for (const user of recipients) {
    insertJob(app, {
      user: user,
      kind: "staff_flag",
      product: flag.getString("product"),
      title: "Nova denúncia",
      body: `${what} em ${productTitle}: “${clip(flag.getString("reason"), 80)}”`,
      url: "/admin/flags",
      tag: "staff-flag-" + flag.id,
      ttl: 3 * DAY,
      urgency: "high",
    })
  }
}

module.exports = { RECIPIENT, queueForNotification, queueStaffProduct, queueStaffFlag, recipientOf, clip }
