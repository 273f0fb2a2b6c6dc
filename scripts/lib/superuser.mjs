// The superuser `npm start` and `npm run dev` use to seed and to open the dashboard (/_/).
// Taken from SUPERUSER_EMAIL / SUPERUSER_PASSWORD, else generated once and kept in the (ignored)
// data dir, so no credential is ever committed.
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"

export function superuserFor(dataDir) {
  if (process.env.SUPERUSER_EMAIL && process.env.SUPERUSER_PASSWORD) {
    return { email: process.env.SUPERUSER_EMAIL, password: process.env.SUPERUSER_PASSWORD }
  }
  const file = path.join(dataDir, ".superuser.json")
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"))
  mkdirSync(dataDir, { recursive: true })
  // a letter first: base64url may start with '-', which a command line reads as a flag
  const creds = { email: "admin@vitrine.local", password: `v${randomBytes(12).toString("base64url")}` }
  writeFileSync(file, JSON.stringify(creds, null, 2), { mode: 0o600 })
  return creds
}

/**
 * The superuser of a data dir without creating one (the push worker run on its own): from
 * SUPERUSER_EMAIL / SUPERUSER_PASSWORD, else DATA_DIR/.superuser.json written by npm start.
 */
export function existingSuperuser(dataDir) {
  if (process.env.SUPERUSER_EMAIL && process.env.SUPERUSER_PASSWORD) {
    return { email: process.env.SUPERUSER_EMAIL, password: process.env.SUPERUSER_PASSWORD }
  }
  const file = path.join(dataDir, ".superuser.json")
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"))
  throw new Error(
    `sem superusuário: defina SUPERUSER_EMAIL e SUPERUSER_PASSWORD ou rode npm start uma vez (cria ${file})`,
  )
}
