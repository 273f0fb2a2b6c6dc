// Turns the demo content (demo-data.mjs) into records: who votes, comments, reports and moderates
// what, and when. Pure and deterministic: a fixed PRNG seed gives the same ids, texts and relations
// on every run, so scripts/seed.mjs can tell what already exists; only the moments follow `now`.
import { COMMENTS, DEMO_PASSWORD, FLAGS, PRODUCTS, USERS } from "./demo-data.mjs"
import { prng } from "./png.mjs"

const DAY = 86_400_000
const HOUR = 3_600_000
/** Notifications newer than this stay unread, so the bell has something to show. */
const UNREAD_WINDOW = 3 * DAY

/** Fixed 15-character ids (`demo` + kind + number): PocketBase accepts client-supplied ids. */
export const demoId = (kind, n) => `demo${kind}${String(n).padStart(8, "0")}`
/** PocketBase's date format. */
export const stamp = (ms) => new Date(ms).toISOString().replace("T", " ")
const preview = (text) => (text.length > 100 ? `${text.slice(0, 99)}…` : text)

/**
 * Every demo record, in creation order, each as { collection, created (ms), body, files? }; `files`
 * describes images to paint ({ name, width, height, seed }) so they are drawn only when needed.
 * @param {number} now
 * @param {Record<string, string>} categoryIds by slug
 * @param {Record<string, string>} tagIds by name
 */
export function planDemo(now, categoryIds, tagIds) {
  const ctx = context(now)
  planUsers(ctx)
  const ages = ctx.shuffled(PRODUCTS.filter((p) => p.status === "approved").map((_, i, all) => (60 * i) / all.length))
  const texts = ctx.shuffled(COMMENTS)
  // the three newest launched today (São Paulo, UTC-3), so /home's 'Lançamentos de hoje' has a podium
  const todayStart = Math.floor((now - 3 * HOUR) / DAY) * DAY + 3 * HOUR
  const approvedCount = ages.length
  const newest = (age) => age < (60 * 3) / approvedCount
  PRODUCTS.forEach((p, i) => {
    const age = p.status === "approved" ? ages.pop() : null
    const published =
      age === null
        ? null
        : newest(age)
          ? todayStart + (now - todayStart) * ctx.between(0.1, 0.6)
          : now - (age + ctx.between(0.2, 1.5)) * DAY
    const product = planProduct(ctx, p, i, published, categoryIds, tagIds)
    if (published) planEngagement(ctx, p, i, product, published, texts)
  })
  return ctx.records
}

function context(now) {
  const rand = prng(20250)
  const records = []
  const counters = {}
  const add = (collection, kind, created, body, files) => {
    counters[kind] = (counters[kind] ?? 0) + 1
    const rec = { collection, created, body: { id: demoId(kind, counters[kind]), ...body }, files }
    records.push(rec)
    return rec.body
  }
  const userId = Object.fromEntries(USERS.map((u, i) => [u.key, demoId("usr", i + 1)]))
  return {
    now,
    rand,
    records,
    add,
    userId,
    admin: userId.marina,
    moderator: userId.rafael,
    between: (a, b) => a + rand() * (b - a),
    shuffled: (list) =>
      list
        .map((x) => [rand(), x])
        .sort((a, b) => a[0] - b[0])
        .map(([, x]) => x),
    notify: (created, body) =>
      add("notifications", "ntf", created, { is_read: created < now - UNREAD_WINDOW, ...body }),
  }
}

/** Accounts (members for months, with avatars), staff roles, and the log of the moderator's promotion. */
function planUsers({ now, add, between, userId, admin }) {
  USERS.forEach((u, i) => {
    const created = now - between(90, 200) * DAY
    const avatar = [{ name: "avatar.png", width: 256, height: 256, seed: 1000 + i }]
    const body = { email: u.email, password: DEMO_PASSWORD, passwordConfirm: DEMO_PASSWORD, verified: true }
    add("users", "usr", created, { ...body, display_name: u.name, username: u.key, bio: u.bio ?? "" }, { avatar })
    if (!u.role) return
    add("user_roles", "rol", created + DAY, { user: userId[u.key], role: u.role })
    if (u.role === "moderator") {
      const log = { admin, action: "assign_role", target_type: "user", target_id: userId[u.key] }
      add("moderation_log", "log", created + DAY, { ...log, metadata: { role: u.role } })
    }
  })
}

/** A product with its tags and images, and its review: approval or rejection, notified and logged. */
function planProduct(ctx, p, i, published, categoryIds, tagIds) {
  const { now, add, between, rand, notify, userId } = ctx
  const owner = userId[p.owner]
  const created = published
    ? published - between(3, 48) * HOUR
    : now - between(p.status === "pending" ? 0.1 : 8, 30) * DAY
  const images = Array.from({ length: 1 + Math.floor(rand() * 5) }, (_, n) => ({
    name: n ? `imagem-${n + 1}.png` : "capa.png",
    width: 800,
    height: 600,
    seed: 100 * i + n,
  }))
  const product = add(
    "products",
    "prd",
    created,
    {
      slug: p.slug,
      title: p.title,
      description: p.description,
      url: `https://exemplo.com.br/${p.slug}`,
      category: p.category ? categoryIds[p.category] : "",
      built_with_lovable: p.lovable,
      built_with_epic: p.epic,
      status: p.status,
      rejection_reason: p.rejectionReason,
      created_by: owner,
      published_at: published ? stamp(published) : "",
      // only the owner and staff can open an unpublished product; planEngagement raises these
      view_count: Math.floor(rand() * 8),
      click_count: 0,
    },
    { images },
  )
  p.tags.forEach((name, position) => {
    add("product_tags", "ptg", created, { product: product.id, tag: tagIds[name], position })
  })

  if (p.status === "pending") return product
  const reviewer = i % 3 ? ctx.admin : ctx.moderator
  const at = published ?? created + between(5, 40) * HOUR
  const approved = p.status === "approved"
  const payload = approved
    ? { product_id: product.id, product_slug: p.slug, product_title: p.title }
    : { product_id: product.id, product_title: p.title, reason: p.rejectionReason }
  const type = approved ? "product_approved" : "product_rejected"
  notify(at, { user: owner, actor: reviewer, type, product: product.id, payload })
  const log = { admin: reviewer, target_type: "product", target_id: product.id }
  add("moderation_log", "log", at, {
    ...log,
    action: approved ? "approve_product" : "reject_product",
    ...(approved ? {} : { metadata: { reason: p.rejectionReason } }),
  })
  return product
}

/** Votes, comment threads and reports on a published product, with the owner's notifications. */
function planEngagement(ctx, p, i, product, published, texts) {
  const { now, add, between, rand, notify, shuffled, userId, moderator } = ctx
  const owner = userId[p.owner]
  const payload = { product_slug: p.slug, product_title: p.title }
  const visitors = shuffled(USERS.map((u) => u.key).filter((k) => k !== p.owner)).map((k) => userId[k])

  const voters = visitors.slice(0, Math.floor(rand() ** 1.4 * (visitors.length + 1)))
  for (const voter of voters) {
    const at = between(published, now)
    add("votes", "vot", at, { product: product.id, user: voter })
    notify(at, { user: owner, actor: voter, type: "new_vote", product: product.id, payload })
  }

  // a comment notifies the owner and, for a reply, the parent's author; never the author
  const comment = (author, content, parent, at, extra = {}) => {
    const c = add("comments", "cmt", at, { product: product.id, user: author, content, parent: parent?.id ?? "" })
    if (extra.is_deleted) return Object.assign(c, extra)
    for (const user of new Set([owner, parent?.user].filter((u) => u && u !== author))) {
      const data = { ...payload, comment_id: c.id, comment_preview: preview(content) }
      notify(at, { user, actor: author, type: "new_comment", product: product.id, comment: c.id, payload: data })
    }
    return c
  }
  const threads = Math.floor(rand() * 4)
  for (let t = 0; t < threads; t++) {
    const at = between(published, now)
    const [text, ownerReply, visitorReply] = texts[(i * 3 + t) % texts.length]
    const top = comment(visitors[t], text, null, at)
    const r = rand()
    if (ownerReply && r < 0.5) comment(owner, ownerReply, top, between(at, now))
    else if (visitorReply && r < 0.8) comment(visitors[t + 1], visitorReply, top, between(at, now))
  }

  // reports; a resolved comment report leaves its comment soft-deleted, as moderation does
  for (const f of FLAGS.filter((flag) => flag.product === p.slug)) {
    const at = between(published, now - HOUR)
    const deleted = { is_deleted: f.status === "resolved" }
    const target = f.comment ? comment(userId[f.author], f.comment, null, at, deleted) : null
    const flaggedAt = between(at, now)
    const reviewedAt = f.status === "open" ? null : between(flaggedAt, now)
    const flag = add("flags", "flg", flaggedAt, {
      target_type: target ? "comment" : "product",
      product: product.id,
      comment: target?.id ?? "",
      reason: f.reason,
      status: f.status,
      reporter: userId[f.reporter],
      reviewed_by: reviewedAt ? moderator : "",
      reviewed_at: reviewedAt ? stamp(reviewedAt) : "",
    })
    if (reviewedAt) {
      const action = f.status === "resolved" ? "resolve_flag" : "dismiss_flag"
      add("moderation_log", "log", reviewedAt, { admin: moderator, action, target_type: "flag", target_id: flag.id })
    }
  }

  product.view_count = Math.round(40 + voters.length * 20 + threads * 12 + rand() * 250)
  product.click_count = Math.round(product.view_count * between(0.08, 0.3))
}
