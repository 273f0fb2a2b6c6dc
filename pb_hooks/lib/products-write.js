// @ts-check
/// <reference path="../types/types.d.ts" />
// Product writes: submit (POST /api/vitrine/products), edit (POST .../{id}/update), the owner's
// direct record updates and every product save. Every field is checked first, with the app's
// limits and Portuguese messages (lib/products-input.js); then the product, its images, new tags
// and the product_tags rows are written in ONE transaction, so a failure leaves nothing behind
// (PocketBase deletes files uploaded by a save whose transaction rolls back). Views and clicks:
// lib/counters.js.

const util = require(`${__hooks}/lib/util.js`)
const { rules } = util

/** @typedef {{ status: string, title: string, url: string, images: string }} Snapshot */

function input() {
  return require(`${__hooks}/lib/products-input.js`)
}
function access() {
  return require(`${__hooks}/lib/access.js`)
}

// ---------- slugs and tags ----------

/**
 * 'Educação Fácil!' -> 'educacao-facil'; '' when nothing readable is left.
 * @param {string} title
 */
function slugBase(title) {
  const s = require(`${__hooks}/lib/products-search.js`)
    .fold(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  return s.slice(0, 80).replace(/-+$/g, "")
}

/**
 * @param {core.App} app
 * @param {string} slug
 */
function slugTaken(app, slug) {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery("SELECT COUNT(*) AS n FROM products WHERE slug = {:s}").bind({ s: slug }).one(row)
  return row.n > 0
}

/**
 * A free slug for `title`: the readable base, then base-2, base-3... Inside a write transaction
 * (PocketBase writes through one connection) two submissions cannot pick the same one; the unique
 * index is the final guard.
 * @param {core.App} app
 * @param {string} title
 */
function uniqueSlug(app, title) {
  const base = slugBase(title) || "produto"
  if (!slugTaken(app, base)) return base
  for (let n = 2; n < 1000; n++) {
    const candidate = `${base}-${n}`
    if (!slugTaken(app, candidate)) return candidate
  }
  return `${base}-${$security.randomStringWithAlphabet(8, "abcdefghijklmnopqrstuvwxyz0123456789")}`
}

/**
 * Tag ids for the names, creating the missing tags (inside the caller's transaction).
 * @param {core.App} txApp
 * @param {string[]} names
 * @returns {string[]}
 */
function ensureTags(txApp, names) {
  const collection = txApp.findCachedCollectionByNameOrId("tags")
  return names.map((name) => {
    try {
      return txApp.findFirstRecordByData("tags", "name", name).id
    } catch (_) {
      const tag = new Record(collection)
      tag.set("name", name)
      txApp.save(tag)
      return tag.id
    }
  })
}

/**
 * What a review looked at: the fields whose change after review matters.
 * @param {core.Record} product
 * @returns {Snapshot}
 */
function snapshot(product) {
  return {
    status: product.getString("status"),
    title: product.getString("title"),
    url: product.getString("url"),
    images: product.getStringSlice("images").join("|"),
  }
}

/**
 * Edits after review (decisions.md): a rejected product goes back to review (pending, staff are
 * told as for a new one); an approved one stays public, but a changed title, URL or pictures is
 * written to the moderation log as edit_product with what changed, so staff can catch a
 * bait-and-switch. Runs in the edit's transaction, before the product is saved.
 * @param {core.App} txApp
 * @param {Snapshot} before
 * @param {core.Record} product
 * @param {string} uid
 */
function reviewAfterEdit(txApp, before, product, uid) {
  if (before.status === "rejected") {
    product.set("status", "pending")
    product.set("rejection_reason", "")
    require(`${__hooks}/lib/push-jobs.js`).queueStaffProduct(txApp, product, uid)
    return
  }
  if (before.status !== "approved") return
  const after = snapshot(product)
  const changed = /** @type {const} */ (["title", "url", "images"]).filter((k) => before[k] !== after[k])
  if (changed.length === 0) return
  /** @type {{ [key: string]: unknown }} */
  const metadata = { title: after.title, slug: product.getString("slug"), changed: changed }
  if (changed.indexOf("title") !== -1) metadata.old_title = before.title
  if (changed.indexOf("url") !== -1) {
    metadata.old_url = before.url
    metadata.url = after.url
  }
  require(`${__hooks}/lib/moderation.js`).writeLog(txApp, uid, "edit_product", "product", product.id, metadata)
}

/**
 * Tags no product uses any more (an edit or a deletion left them behind) go away.
 * @param {core.App} app
 */
function dropUnusedTags(app) {
  app
    .db()
    .newQuery("DELETE FROM tags WHERE NOT EXISTS (SELECT 1 FROM product_tags pt WHERE pt.tag = tags.id)")
    .execute()
}

/**
 * Replaces the product's tags with `tagIds`, in that order.
 * @param {core.App} txApp
 * @param {string} productId
 * @param {string[]} tagIds
 */
function replaceTags(txApp, productId, tagIds) {
  for (const old of txApp.findRecordsByFilter("product_tags", "product = {:p}", "", 0, 0, { p: productId })) {
    txApp.delete(old)
  }
  const collection = txApp.findCachedCollectionByNameOrId("product_tags")
  tagIds.forEach((tagId, position) => {
    const row = new Record(collection)
    row.set("product", productId)
    row.set("tag", tagId)
    row.set("position", position)
    txApp.save(row)
  })
}

/**
 * @param {core.Record} record
 * @param {ReturnType<typeof import("./products-input.js").readInput>} fields
 */
function applyInput(record, fields) {
  record.set("title", fields.title)
  record.set("description", fields.description)
  record.set("url", fields.url)
  record.set("category", fields.category)
  record.set("built_with_lovable", fields.lovable)
  record.set("built_with_epic", fields.epic)
  // the file field takes the names it keeps and the new files in one list
  /** @type {(string | filesystem.File)[]} */
  const images = fields.kept
  record.set("images", images.concat(fields.files))
}

// ---------- routes ----------

/**
 * POST /api/vitrine/products (multipart): a new product in review. Answers {id, slug}.
 * @param {core.RequestEvent} e
 */
function create(e) {
  const uid = access().requireUser(e, rules().messages.loginToSubmit)
  const fields = input().readInput(e, null)
  let result = null
  try {
    e.app.runInTransaction((txApp) => {
      require(`${__hooks}/lib/limits.js`).take(txApp, "product", uid, e) // 5 a day per account
      const tagIds = ensureTags(txApp, fields.tags)
      const product = new Record(txApp.findCachedCollectionByNameOrId("products"))
      applyInput(product, fields)
      product.set("slug", uniqueSlug(txApp, fields.title))
      product.set("status", "pending")
      product.set("created_by", uid) // always the caller, whatever the body says
      txApp.save(product)
      replaceTags(txApp, product.id, tagIds)
      // staff who opted in hear about it: the push jobs commit with the product
      require(`${__hooks}/lib/push-jobs.js`).queueStaffProduct(txApp, product, uid)
      result = { id: product.id, slug: product.getString("slug") }
    })
  } catch (err) {
    throw input().portugueseSaveError(err)
  }
  return e.json(200, result)
}

/**
 * POST /api/vitrine/products/{id}/update (multipart): the owner replaces the content; images in
 * remove_images are deleted (after the commit), new files are appended. Status, counters and slug
 * stay. Answers {id, slug}.
 * @param {core.RequestEvent} e
 */
function update(e) {
  const m = rules().messages
  const uid = access().requireUser(e, m.loginRequired)
  const id = String(e.request.pathValue("id") || "")
  const head = require(`${__hooks}/lib/products-detail.js`).visibleHead(e, "id", id)
  if (head.created_by !== uid) throw new ForbiddenError(m.editForbidden + ".")

  const current = e.app.findRecordById("products", head.id)
  const fields = input().readInput(e, current.getStringSlice("images"))
  let status = ""
  try {
    e.app.runInTransaction((txApp) => {
      const product = txApp.findRecordById("products", head.id)
      if (product.getString("created_by") !== uid) throw new ForbiddenError(m.editForbidden + ".")
      const before = snapshot(product)
      const tagIds = ensureTags(txApp, fields.tags)
      applyInput(product, fields)
      reviewAfterEdit(txApp, before, product, uid)
      txApp.save(product)
      replaceTags(txApp, product.id, tagIds)
      dropUnusedTags(txApp)
      status = product.getString("status")
    })
  } catch (err) {
    throw input().portugueseSaveError(err)
  }
  // resubmitted: a rejected product is back in review ('Reenviado para análise')
  return e.json(200, { id: head.id, slug: head.slug, status, resubmitted: current.getString("status") === "rejected" })
}

/**
 * Direct record updates by the owner (PATCH /api/collections/products/records/{id}, allowed by
 * the updateRule for the content fields): the same checks and messages as the edit route.
 * @param {core.RecordRequestEvent} e
 */
function checkRecordUpdate(e) {
  if (e.hasSuperuserAuth()) return e.next()
  const r = e.record
  const errors = input().errorList()
  const texts = input().checkTexts(
    { title: r.getString("title"), description: r.getString("description"), url: r.getString("url") },
    errors,
  )
  errors.throwIfAny()
  r.set("title", texts.title)
  r.set("description", texts.description)
  r.set("url", texts.url)
  // the same review rules as the edit route, committed with the change
  util.inTransaction(e, (tx) => {
    reviewAfterEdit(tx, snapshot(r.original()), r, e.auth.id)
    e.next()
  })
}

/**
 * Every product save: a missing slug is derived from the title, an approved product gets its
 * publication time if it has none, and the launch day, week and month always follow the
 * publication time (São Paulo days, lib/launch-days.js); whatever else was sent for them is
 * overwritten.
 * @param {core.RecordEvent} e
 */
function beforeSave(e) {
  const r = e.record
  if (!r.getString("slug")) r.set("slug", uniqueSlug(e.app, r.getString("title")))
  if (r.getString("status") === "approved" && !r.getString("published_at")) {
    r.set("published_at", util.nowText())
  }
  const launch = require(`${__hooks}/lib/launch-days.js`).launchFields(r.getString("published_at"))
  r.set("launch_day", launch.day)
  r.set("launch_week", launch.week)
  r.set("launch_month", launch.month)
}

module.exports = {
  create,
  update,
  checkRecordUpdate,
  beforeSave,
  dropUnusedTags,
}
