// @ts-check
/// <reference path="../types/types.d.ts" />
// Environment-dependent settings (APP_URL, SMTP_*, GOOGLE_CLIENT_*), re-applied at each boot.

/** @param {core.App} app */
function applyEnvironment(app) {
  const env = (/** @type {string} */ k) => $os.getenv(k)
  const s = app.settings()
  if (env("APP_URL")) s.meta.appURL = env("APP_URL")
  s.meta.appName = "Vitrine"
  // Rate limits (set in the schema migration) stay on unless a test run turns them off: the
  // suites sign in hundreds of users from one address.
  if (env("RATE_LIMITS") === "off") s.rateLimits.enabled = false
  // a daily backup (03:00) kept BACKUP_KEEP deep, on by default in production (BACKUP_CRON overrides;
  // "off" turns it off); the files land in DATA_DIR/backups
  const cron = env("BACKUP_CRON") || (env("NODE_ENV") === "production" ? "0 3 * * *" : "")
  if (cron && cron !== "off") {
    s.backups.cron = cron
    s.backups.cronMaxKeep = parseInt(env("BACKUP_KEEP") || "7", 10)
  } else if (cron === "off") {
    s.backups.cron = ""
  }
  if (env("SMTP_HOST")) {
    s.smtp.enabled = true
    s.smtp.host = env("SMTP_HOST")
    s.smtp.port = parseInt(env("SMTP_PORT") || "25", 10)
    s.smtp.username = env("SMTP_USERNAME") || ""
    s.smtp.password = env("SMTP_PASSWORD") || ""
    s.smtp.tls = env("SMTP_TLS") === "true"
    s.meta.senderAddress = env("SMTP_SENDER") || "nao-responda@vitrine.local"
    s.meta.senderName = "Vitrine"
  }
  app.save(s)

  const users = app.findCollectionByNameOrId("users")
  const id = env("GOOGLE_CLIENT_ID")
  const secret = env("GOOGLE_CLIENT_SECRET")
  users.oauth2.enabled = !!(id && secret)
  unmarshal(
    {
      providers: id && secret ? [{ name: "google", clientId: id, clientSecret: secret }] : [],
      mappedFields: { name: "display_name" },
    },
    users.oauth2,
  )
  app.save(users)
}

module.exports = { applyEnvironment }
