// VAPID keys of the push worker: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT from the
// environment, else generated once into DATA_DIR/.vapid.json (mode 600, inside the ignored data
// dir, never committed) and reused on every start. PocketBase reads the public key from the same
// place (GET /api/vitrine/push/config), so the browser gets it at run time, never from the build.
// Changing the private key invalidates every subscription: the app notices the new public key and
// subscribes again.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import webpush from "web-push"

export const DEFAULT_VAPID_SUBJECT = "mailto:push@vitrine.local"

/** @returns {{publicKey: string, privateKey: string, subject: string, source: "env" | "file" | "generated"}} */
export function vapidKeys(dataDir, env = process.env) {
  const subject = env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT
  if (!/^(mailto:|https:\/\/)/.test(subject)) {
    throw new Error(`VAPID_SUBJECT precisa começar com mailto: ou https:// (recebido: ${subject})`)
  }
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
      throw new Error("Defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (ou nenhuma das duas).")
    }
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject, source: "env" }
  }
  const file = path.join(dataDir, ".vapid.json")
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    const keys = webpush.generateVAPIDKeys()
    try {
      // "wx": when two processes start at once, the first file wins and the other reads it
      writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: "wx" })
      return { ...keys, subject, source: "generated" }
    } catch (err) {
      if (err.code !== "EEXIST") throw err
    }
  }
  const keys = JSON.parse(readFileSync(file, "utf8"))
  if (!keys.publicKey || !keys.privateKey) throw new Error(`${file} não tem publicKey e privateKey`)
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject, source: "file" }
}
