// Product writes: submit (POST /api/vitrine/products), edit (POST .../{id}/update), and the view and
// click counters. Every field is checked here with the app's limits and Portuguese messages
// (rules.json) before anything is written; then the product, its images, new tags and the
// product_tags rows are written in ONE transaction, so a failure leaves nothing behind (PocketBase
// deletes files uploaded by a save whose transaction rolls back).
//
// Images are checked by their content (magic bytes), not by name or declared type, and renamed
// to the extension of what they really are.

function rules() {
  return require(`${__hooks}/lib/rules.json`)
}

// ---------- input ----------

/** A multipart value as one string (a repeated field keeps its first value). */
function text(value) {
  if (Array.isArray(value)) return value.length > 0 ? text(value[0]) : ""
  return value === undefined || value === null ? "" : String(value)
}

function bool(value) {
  const v = text(value).trim().toLowerCase()
  return v === "true" || v === "1" || v === "on"
}

/** Collects field errors; the first one becomes the response's message. */
function errorList() {
  const data = {}
  let first = ""
  return {
    add(field, message) {
      if (data[field]) return
      data[field] = new ValidationError("validation_failed", message)
      if (!first) first = message
    },
    throwIfAny() {
      if (first) throw new BadRequestError(first, data)
    },
  }
}

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i

/** '' when valid, else the message: the one URL rule of lib/text.js (the app uses the same). */
function urlProblem(url) {
  const r = rules()
  return require(`${__hooks}/lib/text.js`).urlProblem(url, r.limits.productUrl.max, r.messages)
}

/** The scheme lowercased (the collection's pattern expects it), the rest untouched. */
function normalizeUrl(url) {
  return url.replace(SCHEME_RE, (s) => s.toLowerCase())
}

/** Checks title, description and url of a record-like map; adds errors. Returns trimmed values. */
function checkTexts(values, errors) {
  const r = rules()
  const l = r.limits
  const m = r.messages
  const t = require(`${__hooks}/lib/text.js`)
  const title = text(values.title).trim()
  const description = text(values.description).trim()
  const url = text(values.url).trim()
  const titleProblem = t.textProblem(title, l.productTitle.min, l.productTitle.max, m.titleMin, m.titleMax, m)
  if (titleProblem) errors.add("title", titleProblem)
  const descriptionProblem = t.textProblem(
    description,
    l.productDescription.min,
    l.productDescription.max,
    m.descriptionMin,
    m.descriptionMax,
    m,
  )
  if (descriptionProblem) errors.add("description", descriptionProblem)
  const problem = urlProblem(url)
  if (problem) errors.add("url", problem)
  return { title, description, url: normalizeUrl(url) }
}

/**
 * A list field: a JSON array text (the contract), or already a list (a JSON body, or the field
 * repeated in the form). null when it is neither.
 */
function listOf(value) {
  if (Array.isArray(value) && !(value.length === 1 && String(value[0]).trim().startsWith("["))) return value
  const raw = text(value).trim()
  if (raw === "") return []
  try {
    const parsed = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed : null
  } catch (_) {
    return null
  }
}

/**
 * Tag names from the tags field: trimmed, lowercased, without blanks and duplicates; a name typed
 * as 'design, marketing' is two tags (as in the app).
 */
function checkTags(value, errors) {
  const r = rules()
  const m = r.messages
  const t = require(`${__hooks}/lib/text.js`)
  const list = listOf(value)
  if (!list || list.some((x) => typeof x !== "string")) {
    errors.add("tags", m.tagsInvalid)
    return []
  }
  const names = []
  for (const typed of list) {
    for (const name of t.splitTags(typed)) if (names.indexOf(name) === -1) names.push(name)
  }
  const problem = names
    .map((n) => t.textProblem(n, 1, r.limits.tags.nameMax, m.tagNameMax, m.tagNameMax, m))
    .find((p) => p)
  if (names.length < r.limits.tags.min) errors.add("tags", m.tagsMin)
  else if (names.length > r.limits.tags.max) errors.add("tags", m.tagsMax)
  else if (problem) errors.add("tags", problem)
  return names
}

/** What the first bytes say the file is: 'jpg', 'png', 'webp' or ''. */
function sniff(file) {
  let head = []
  const reader = file.reader.open()
  try {
    head = toBytes(reader, 12)
  } finally {
    reader.close()
  }
  const at = (i) => (i < head.length ? head[i] : -1)
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpg"
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((b, i) => at(i) === b)) return "png"
  const ascii = (from, s) => s.split("").every((ch, k) => at(from + k) === ch.charCodeAt(0))
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp"
  return ""
}

/** Uploaded images of `field` (none when the request has no such files). */
function uploads(e, field) {
  try {
    return e.findUploadedFiles(field) || []
  } catch (_) {
    return [] // not multipart, or no file under that name
  }
}

/** Checks each new image (size, real type) and names it after its real type. */
function checkImages(files, existingCount, errors) {
  const r = rules()
  const l = r.limits.images
  const m = r.messages
  const total = existingCount + files.length
  if (total < l.min) errors.add("images", m.imagesMin)
  else if (total > l.max) errors.add("images", m.imagesMax)
  for (const f of files) {
    if (f.size > l.maxBytes) {
      errors.add("images", m.imageSize)
      break
    }
    const kind = sniff(f)
    if (!kind) {
      errors.add("images", m.imageType)
      break
    }
    f.name = f.name.replace(/\.[^./]*$/, "") + "." + kind
  }
}

/** Checks the category id (empty = none). */
function checkCategory(app, id, errors) {
  if (id === "") return ""
  try {
    app.findRecordById("categories", id)
    return id
  } catch (_) {
    errors.add("category", rules().messages.categoryInvalid)
    return ""
  }
}

/** Every submitted field of a create or update, checked; throws one 400 listing all problems. */
function readInput(e, existingImages) {
  const body = e.requestInfo().body
  const errors = errorList()
  const texts = checkTexts(body, errors)
  const category = checkCategory(e.app, text(body.category).trim(), errors)
  const tags = checkTags(body.tags, errors)

  let remove = []
  if (existingImages) {
    remove = listOf(body.remove_images)
    if (!remove || remove.some((n) => typeof n !== "string")) {
      errors.add("remove_images", rules().messages.removeImagesInvalid)
      remove = []
    }
  }
  const kept = (existingImages || []).filter((name) => remove.indexOf(name) === -1)
  const files = uploads(e, "images")
  checkImages(files, kept.length, errors)
  errors.throwIfAny()

  return {
    title: texts.title,
    description: texts.description,
    url: texts.url,
    category,
    lovable: bool(body.built_with_lovable),
    epic: bool(body.built_with_epic),
    tags,
    kept,
    files,
  }
}

// ---------- slugs and tags ----------

/** 'Educação Fácil!' -> 'educacao-facil'; '' when nothing readable is left. */
function slugBase(title) {
  const s = require(`${__hooks}/lib/products-search.js`)
    .fold(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  return s.slice(0, 80).replace(/-+$/g, "")
}

function slugTaken(app, slug) {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery("SELECT COUNT(*) AS n FROM products WHERE slug = {:s}").bind({ s: slug }).one(row)
  return row.n > 0
}

/**
 * A free slug for `title`: the readable base, then base-2, base-3... Inside a write transaction
 * (PocketBase writes through one connection) two submissions cannot pick the same one; the unique
 * index is the final guard.
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

/** Tag ids for the names, creating the missing tags (inside the caller's transaction). */
function ensureTags(txApp, names) {
  const collection = txApp.findCollectionByNameOrId("tags")
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

/** What a review looked at: the fields whose change after review matters. */
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
  const changed = ["title", "url", "images"].filter((k) => before[k] !== after[k])
  if (changed.length === 0) return
  const metadata = { title: after.title, slug: product.getString("slug"), changed: changed }
  if (changed.indexOf("title") !== -1) metadata.old_title = before.title
  if (changed.indexOf("url") !== -1) {
    metadata.old_url = before.url
    metadata.url = after.url
  }
  require(`${__hooks}/lib/staff.js`).writeLog(txApp, uid, "edit_product", "product", product.id, metadata)
}

/** Tags no product uses any more (an edit or a deletion left them behind) go away. */
function dropUnusedTags(app) {
  app
    .db()
    .newQuery("DELETE FROM tags WHERE NOT EXISTS (SELECT 1 FROM product_tags pt WHERE pt.tag = tags.id)")
    .execute()
}

/** Replaces the product's tags with `tagIds`, in that order. */
function replaceTags(txApp, productId, tagIds) {
  for (const old of txApp.findRecordsByFilter("product_tags", "product = {:p}", "", 0, 0, { p: productId })) {
    txApp.delete(old)
  }
  const collection = txApp.findCollectionByNameOrId("product_tags")
  tagIds.forEach((tagId, position) => {
    const row = new Record(collection)
    row.set("product", productId)
    row.set("tag", tagId)
    row.set("position", position)
    txApp.save(row)
  })
}

/** PocketBase's own file checks, in Portuguese (they should never disagree with sniff()). */
function portugueseSaveError(err) {
  const data = err && err.value && err.value.data
  const images = data && data.images
  if (!images) return err
  const m = rules().messages
  const code = String(images.code || "")
  const message =
    code === "validation_file_size_limit"
      ? m.imageSize
      : code === "validation_invalid_mime_type"
        ? m.imageType
        : code === "validation_too_many_files"
          ? m.imagesMax
          : m.imagesMin
  return new BadRequestError(message, { images: new ValidationError(code, message) })
}

function applyInput(record, input) {
  record.set("title", input.title)
  record.set("description", input.description)
  record.set("url", input.url)
  record.set("category", input.category)
  record.set("built_with_lovable", input.lovable)
  record.set("built_with_epic", input.epic)
  record.set("images", input.kept.concat(input.files))
}

function requireUser(e, message) {
  const uid = require(`${__hooks}/lib/products-query.js`).userId(e)
  if (!uid) throw new UnauthorizedError(message + ".")
  return uid
}

// ---------- routes ----------

/** POST /api/vitrine/products (multipart): a new product in review. Answers {id, slug}. */
function create(e) {
  const uid = requireUser(e, rules().messages.loginToSubmit)
  const input = readInput(e, null)
  let result = null
  try {
    e.app.runInTransaction((txApp) => {
      require(`${__hooks}/lib/limits.js`).take(txApp, "product", uid, e) // 5 a day per account
      const tagIds = ensureTags(txApp, input.tags)
      const product = new Record(txApp.findCollectionByNameOrId("products"))
      applyInput(product, input)
      product.set("slug", uniqueSlug(txApp, input.title))
      product.set("status", "pending")
      product.set("created_by", uid) // always the caller, whatever the body says
      txApp.save(product)
      replaceTags(txApp, product.id, tagIds)
      // staff who opted in hear about it: the push jobs commit with the product
      require(`${__hooks}/lib/push-jobs.js`).queueStaffProduct(txApp, product, uid)
      result = { id: product.id, slug: product.getString("slug") }
    })
  } catch (err) {
    throw portugueseSaveError(err)
  }
  return e.json(200, result)
}

/**
 * POST /api/vitrine/products/{id}/update (multipart): the owner replaces the content; images in
 * remove_images are deleted (after the commit), new files are appended. Status, counters and slug
 * stay. Answers {id, slug}.
 */
function update(e) {
  const m = rules().messages
  const uid = requireUser(e, m.loginRequired)
  const q = require(`${__hooks}/lib/products-query.js`)
  const head = q.visibleHead(e, "id", String(e.request.pathValue("id") || ""))
  if (head.created_by !== uid) throw new ForbiddenError(m.editForbidden + ".")

  const current = e.app.findRecordById("products", head.id)
  const input = readInput(e, current.getStringSlice("images"))
  let status = ""
  try {
    e.app.runInTransaction((txApp) => {
      const product = txApp.findRecordById("products", head.id)
      if (product.getString("created_by") !== uid) throw new ForbiddenError(m.editForbidden + ".")
      const before = snapshot(product)
      const tagIds = ensureTags(txApp, input.tags)
      applyInput(product, input)
      reviewAfterEdit(txApp, before, product, uid)
      txApp.save(product)
      replaceTags(txApp, product.id, tagIds)
      dropUnusedTags(txApp)
      status = product.getString("status")
    })
  } catch (err) {
    throw portugueseSaveError(err)
  }
  // resubmitted: a rejected product is back in review ('Reenviado para análise')
  return e.json(200, { id: head.id, slug: head.slug, status, resubmitted: current.getString("status") === "rejected" })
}

const COUNTERS = { view: "view_count", click: "click_count" }
const DAILY = { view: "views", click: "clicks" }

/**
 * POST /api/vitrine/products/{id}/view and /click: +1 in SQL (at most once per user and product
 * per hour), inside a write transaction, and the value read in that same transaction.
 */
function track(e, kind) {
  const column = COUNTERS[kind]
  const uid = requireUser(e, rules().messages.loginRequired)
  const q = require(`${__hooks}/lib/products-query.js`)
  const head = q.visibleHead(e, "id", String(e.request.pathValue("id") || ""))
  const row = new DynamicModel({ n: 0 })
  e.app.runInTransaction((txApp) => {
    // once per user and product per hour: reloading a page does not inflate the count (nor the
    // stats chart's day, product_daily_stats, migration 1795313620), all in this transaction
    if (require(`${__hooks}/lib/limits.js`).countOnce(txApp, kind, uid, head.id)) {
      txApp
        .db()
        .newQuery(`UPDATE products SET ${column} = ${column} + 1 WHERE id = {:id}`)
        .bind({ id: head.id })
        .execute()
      txApp
        .db()
        .newQuery(
          `INSERT INTO product_daily_stats (product, day, ${DAILY[kind]}) VALUES ({:id}, {:day}, 1) ` +
            `ON CONFLICT (product, day) DO UPDATE SET ${DAILY[kind]} = ${DAILY[kind]} + 1`,
        )
        .bind({ id: head.id, day: require(`${__hooks}/lib/launch-days.js`).today() })
        .execute()
    }
    txApp.db().newQuery(`SELECT ${column} AS n FROM products WHERE id = {:id}`).bind({ id: head.id }).one(row)
  })
  require(`${__hooks}/lib/products-cache.js`).touchCounters(e.app) // cards may lag 2 s, see there
  const out = {}
  out[column] = row.n
  return e.json(200, out)
}

/**
 * Direct record updates by the owner (PATCH /api/collections/products/records/{id}, allowed by
 * the updateRule for the content fields): the same checks and messages as the edit route.
 */
function checkRecordUpdate(e) {
  if (e.hasSuperuserAuth()) return e.next()
  const r = e.record
  const errors = errorList()
  const texts = checkTexts(
    { title: r.getString("title"), description: r.getString("description"), url: r.getString("url") },
    errors,
  )
  errors.throwIfAny()
  r.set("title", texts.title)
  r.set("description", texts.description)
  r.set("url", texts.url)
  // the same review rules as the edit route, committed with the change
  require(`${__hooks}/lib/util.js`).inTransaction(e, (tx) => {
    reviewAfterEdit(tx, snapshot(r.original()), r, e.auth.id)
    e.next()
  })
}

/**
 * Every product save: a missing slug is derived from the title, an approved product gets its
 * publication time if it has none, and the launch day, week and month always follow the
 * publication time (São Paulo days, lib/launch-days.js); whatever else was sent for them is
 * overwritten.
 */
function beforeSave(e) {
  const r = e.record
  if (!r.getString("slug")) r.set("slug", uniqueSlug(e.app, r.getString("title")))
  if (r.getString("status") === "approved" && !r.getString("published_at")) {
    r.set("published_at", require(`${__hooks}/lib/products-query.js`).nowText())
  }
  const launch = require(`${__hooks}/lib/launch-days.js`).launchFields(r.getString("published_at"))
  r.set("launch_day", launch.day)
  r.set("launch_week", launch.week)
  r.set("launch_month", launch.month)
}

module.exports = {
  create,
  update,
  track,
  checkRecordUpdate,
  beforeSave,
  slugBase,
  urlProblem,
  dropUnusedTags,
}
