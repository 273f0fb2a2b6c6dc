// @ts-check
/// <reference path="types/types.d.ts" />
// Settings that depend on the environment, applied on every start (never in a migration):
// the public URL used in e-mail links, SMTP and the Google OAuth2 provider; and, for the server
// (not the CLI's other commands), its fixed set of memory-mapped SQLite connections (lib/db-pool.js).
onBootstrap((e) => {
  e.next()
  require(`${__hooks}/lib/settings.js`).applyEnvironment(e.app)
  if ($os.args.some((a) => String(a) === "serve")) require(`${__hooks}/lib/db-pool.js`).keepConnections(e.app)
})
