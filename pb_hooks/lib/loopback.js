// @ts-check
/// <reference path="../types/types.d.ts" />
// The hooks calling their own server: its address (from the --http flag), the per-process secret
// the internal routes answer to (a random string made on first use and kept in the app store,
// never sent anywhere else), and the cron jobs' calls to their routes (PocketBase 0.39.0 cron
// jobs may see a finished transactional $app; routes never do). Used by the gzip copies of cached
// answers (lib/compressed.js), the launch close job (lib/launches.js) and the search index job
// (lib/search-index.js).

const SECRET_KEY = "vitrine:internal:secret"
const HEADER = "X-Vitrine-Internal"

/**
 * The secret the internal routes check (made once per process, atomically).
 * @param {Pick<core.App, "store">} app
 * @returns {string}
 */
function secret(app) {
  const store = app.store()
  if (!store.has(SECRET_KEY)) {
    store.setFunc(SECRET_KEY, (/** @type {string | undefined} */ old) => old || $security.randomString(48))
  }
  return store.get(SECRET_KEY)
}

/**
 * This server's own address, from its --http flag (PocketBase's default 127.0.0.1:8090); a
 * wildcard host is reached on loopback. Null when the server listens only with --https.
 * @param {string[]} args the process arguments
 * @returns {string | null}
 */
function selfUrl(args) {
  let http = ""
  let https = false
  for (let i = 0; i < args.length; i++) {
    const a = String(args[i])
    if (a.startsWith("--http=")) http = a.slice(7)
    else if (a === "--http" && i + 1 < args.length) http = String(args[i + 1])
    else if (a.startsWith("--https")) https = true
  }
  if (!http) {
    if (https) return null
    http = "127.0.0.1:8090"
  }
  const colon = http.lastIndexOf(":")
  if (colon < 0) return null
  let host = http.slice(0, colon)
  const port = http.slice(colon + 1)
  if (host === "" || host === "0.0.0.0" || host === "[::]" || host === "::") host = "127.0.0.1"
  return `http://${host}:${port}`
}

/**
 * A 404 unless the request carries this process's secret: what the internal routes check first.
 * @param {core.RequestEvent} e
 */
function requireInternal(e) {
  const given = String(e.request.header.get(HEADER) || "")
  if (!given || !$security.equal(given, secret(e.app))) throw new NotFoundError()
}

/**
 * A cron job's call: POST `path` on this server, with the secret; a warning (never a throw) when
 * it fails or answers anything but 200. `what` names the job in the log.
 * @param {string} path
 * @param {string} what
 * @param {number} timeoutS
 */
function postSelf(path, what, timeoutS) {
  const util = require(`${__hooks}/lib/util.js`)
  const base = selfUrl($os.args)
  if (!base) return util.logWarn(`${what}: no --http address to call`)
  try {
    const res = $http.send({
      url: base + path,
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", [HEADER]: secret($app) },
      timeout: timeoutS,
    })
    if (res.statusCode !== 200) util.logWarn(`${what} answered ${res.statusCode}`)
  } catch (err) {
    util.logWarn(`${what} failed`, err)
  }
}

module.exports = { selfUrl, secret, requireInternal, postSelf, HEADER }
