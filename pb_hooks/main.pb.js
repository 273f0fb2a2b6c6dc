// @ts-check
/// <reference path="types/types.d.ts" />
// Settings that depend on the environment, applied on every start (never in a migration):
// the public URL used in e-mail links, SMTP and the Google OAuth2 provider; and how many SQLite
// connections the read pool keeps open (lib/db-pool.js).
onBootstrap((e) => {
  e.next()
  require(`${__hooks}/lib/settings.js`).applyEnvironment(e.app)
  require(`${__hooks}/lib/db-pool.js`).keepConnections(e.app) // the SQLite connections a burst opened
})
