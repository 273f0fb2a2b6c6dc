// @ts-check
/// <reference path="../types/types.d.ts" />
// Nobody but the superuser may sort or filter on e-mail addresses (or on the other fields of an
// account that are never shown: emailVisibility, password, tokenKey), directly or through a
// relation path (products?sort=created_by.email), in a list, a view or a realtime subscription:
// an ordering alone let a visitor recover an address with a few sign-ups. PocketBase already
// refuses hidden fields; e-mail is not hidden (the owner reads their own), so it is refused here.

/** @type {{ [field: string]: boolean }} */
const FORBIDDEN = { email: true, emailvisibility: true, password: true, tokenkey: true }

/**
 * The field names an expression refers to (quoted values left out; modifiers like :lower too).
 * @param {unknown} expr
 */
function fieldNames(expr) {
  const withoutValues = String(expr || "")
    .replace(/'(?:[^'\\]|\\.)*'/g, " ")
    .replace(/"(?:[^"\\]|\\.)*"/g, " ")
  const names = []
  const re = /[@A-Za-z_][A-Za-z0-9_.@:]*/g
  let m
  while ((m = re.exec(withoutValues)) !== null) {
    for (const part of m[0].split(/[.:]/)) if (part) names.push(part.toLowerCase())
  }
  return names
}

/** @param {unknown} expr */
function refersToPrivate(expr) {
  return fieldNames(expr).some((n) => FORBIDDEN[n])
}

function refuse() {
  throw new BadRequestError("Não é permitido ordenar ou filtrar por este campo.")
}

// PocketBase's request-event key for "keep this request out of the log when it succeeds" (what
// $apis.skipSuccessActivityLog() sets, 0.39; tests/privacy.test.ts checks it still works)
const SKIP_SUCCESS_LOG = "__skipSuccessActivityLogger"

/**
 * A read that succeeds (GET, HEAD) is not written to the request log: the log would otherwise keep
 * every visitor's network address with every page, image and search they opened, which nothing
 * here needs; and each entry costs a write (without them, the /home listing at 4 connections
 * answered 11% more requests a second uncached, 30% more cached). Writes, and every request that
 * fails, are still logged.
 * (PocketBase's own handler of the app's files already did this; lib/static-files.js replaced it.)
 * @param {core.RequestEvent} e
 */
function quietReads(e) {
  const m = e.request.method
  if (m === "GET" || m === "HEAD") e.set(SKIP_SUCCESS_LOG, true)
}

const RECORDS = /^\/api\/collections\/[^/]+\/records(\/[^/]+)?\/?$/
const FILES = /^\/api\/files\/([^/]+)\/([^/]+)\/[^/]+$/

/**
 * The user a request speaks for: its auth header, else its file token (?token=).
 * @param {core.RequestEvent} e
 * @returns {core.Record | null}
 */
function requester(e) {
  if (e.auth) return e.auth
  const token = e.request.url.query().get("token")
  if (!token) return null
  try {
    return e.app.findAuthRecordByToken(token, "file")
  } catch (_) {
    return null
  }
}

/**
 * Pictures of a product in review (pending or rejected) go to its owner and to staff only: for
 * anyone else the file does not exist (404), as the product itself does not.
 * @param {core.RequestEvent} e
 * @param {string} collectionRef
 * @param {string} recordId
 */
function checkFile(e, collectionRef, recordId) {
  let collection
  try {
    collection = e.app.findCachedCollectionByNameOrId(collectionRef)
  } catch (_) {
    return
  }
  if (collection.name !== "products") return
  let product
  try {
    product = e.app.findRecordById("products", recordId)
  } catch (_) {
    return // PocketBase answers 404
  }
  if (product.getString("status") === "approved") return
  const who = requester(e)
  const allowed =
    who &&
    (who.collection().name === "_superusers" ||
      who.id === product.getString("created_by") ||
      require(`${__hooks}/lib/access.js`).isStaff(e.app, who.id))
  if (!allowed) throw new NotFoundError()
}

/**
 * Checks list/view queries, realtime subscription options and files (on every request, before
 * the route: security.pb.js); throws the refusal.
 * @param {core.RequestEvent} e
 */
function check(e) {
  const path = e.request.url.path
  const file = e.request.method === "GET" ? FILES.exec(path) : null
  if (file) return checkFile(e, file[1], file[2])
  const isRecords = e.request.method === "GET" && RECORDS.test(path)
  const isRealtime = e.request.method === "POST" && path === "/api/realtime"
  if ((!isRecords && !isRealtime) || e.hasSuperuserAuth()) return
  if (isRecords) {
    const q = e.request.url.query()
    if (refersToPrivate(q.get("filter")) || refersToPrivate(q.get("sort"))) refuse()
  } else {
    const subs = (e.requestInfo().body || {}).subscriptions
    for (const topic of Array.isArray(subs) ? subs : []) {
      const raw = String(topic).split("?options=")[1]
      if (!raw) continue
      /** @type {{ query?: { filter?: unknown, sort?: unknown } }} */
      let options = {}
      try {
        options = JSON.parse(decodeURIComponent(raw))
      } catch (_) {
        refuse()
      }
      const query = (options && options.query) || {}
      if (refersToPrivate(query.filter) || refersToPrivate(query.sort)) refuse()
    }
  }
}

module.exports = { quietReads, check, fieldNames }
