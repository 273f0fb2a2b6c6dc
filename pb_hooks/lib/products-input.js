// @ts-check
/// <reference path="../types/types.d.ts" />
// A product's submitted fields, checked before anything is written (submit, edit and the owner's
// direct record updates): every field with the app's limits and Portuguese messages (rules.json),
// all problems in one 400. Images are checked by their content (magic bytes), not by name or
// declared type, and renamed to the extension of what they really are.

const { rules, text } = require(`${__hooks}/lib/util.js`)

/** @typedef {{ add: (field: string, message: string) => void, throwIfAny: () => void }} ErrorList */

/**
 * @param {unknown} value
 */
function bool(value) {
  const v = text(value).trim().toLowerCase()
  return v === "true" || v === "1" || v === "on"
}

/**
 * Collects field errors; the first one becomes the response's message.
 * @returns {ErrorList}
 */
function errorList() {
  /** @type {{ [field: string]: ValidationError }} */
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

/**
 * '' when valid, else the message: the one URL rule of lib/text.js (the app uses the same).
 * @param {string} url
 */
function urlProblem(url) {
  const r = rules()
  return require(`${__hooks}/lib/text.js`).urlProblem(url, r.limits.productUrl.max, r.messages)
}

/**
 * The scheme lowercased (the collection's pattern expects it), the rest untouched.
 * @param {string} url
 */
function normalizeUrl(url) {
  return url.replace(SCHEME_RE, (s) => s.toLowerCase())
}

/**
 * Checks title, description and url of a record-like map; adds errors. Returns trimmed values.
 * @param {{ [field: string]: unknown }} values
 * @param {ErrorList} errors
 */
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
 * @param {unknown} value
 * @returns {unknown[] | null}
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
 * @param {unknown} value
 * @param {ErrorList} errors
 */
function checkTags(value, errors) {
  const r = rules()
  const m = r.messages
  const t = require(`${__hooks}/lib/text.js`)
  const list = listOf(value)
  if (!list || !list.every((x) => typeof x === "string")) {
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

/**
 * What the first bytes say the file is: 'jpg', 'png', 'webp' or ''.
 * @param {filesystem.File} file
 */
function sniff(file) {
  let head = []
  const reader = file.reader.open()
  try {
    head = toBytes(reader, 12)
  } finally {
    reader.close()
  }
  const at = (/** @type {number} */ i) => (i < head.length ? head[i] : -1)
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpg"
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((b, i) => at(i) === b)) return "png"
  const ascii = (/** @type {number} */ from, /** @type {string} */ s) =>
    s.split("").every((ch, k) => at(from + k) === ch.charCodeAt(0))
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp"
  return ""
}

/**
 * Uploaded images of `field` (none when the request has no such files).
 * @param {core.RequestEvent} e
 * @param {string} field
 */
function uploads(e, field) {
  try {
    return e.findUploadedFiles(field) || []
  } catch (_) {
    return [] // not multipart, or no file under that name
  }
}

/**
 * Checks each new image (size, real type) and names it after its real type.
 * @param {filesystem.File[]} files
 * @param {number} existingCount
 * @param {ErrorList} errors
 */
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

/**
 * Checks the category id (empty = none).
 * @param {core.App} app
 * @param {string} id
 * @param {ErrorList} errors
 */
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

/**
 * Every submitted field of a create or update, checked; throws one 400 listing all problems.
 * @param {core.RequestEvent} e
 * @param {string[] | null} existingImages
 */
function readInput(e, existingImages) {
  const body = e.requestInfo().body
  const errors = errorList()
  const texts = checkTexts(body, errors)
  const category = checkCategory(e.app, text(body.category).trim(), errors)
  const tags = checkTags(body.tags, errors)

  /** @type {unknown[]} */
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

/**
 * PocketBase's own file checks, in Portuguese (they should never disagree with sniff()).
 * @param {unknown} err
 */
function portugueseSaveError(err) {
  // PocketBase's error as goja throws it: the Go ApiError under .value
  const thrown = /** @type {{ value?: { data?: { [field: string]: { code?: unknown } } } }} */ (err)
  const data = thrown && thrown.value && thrown.value.data
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

module.exports = { errorList, checkTexts, readInput, portugueseSaveError }
