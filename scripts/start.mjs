// npm start: builds the app, starts PocketBase serving it (migrations applied on start), the web
// push worker next to it (unless PUSH_WORKER=0, for deployments that run `npm run push-worker` on
// its own), loads the demo data into an empty database (unless DEMO_DATA=0 or
// NODE_ENV=production) and prints the URL. Ctrl-C stops everything.
import "./lib/load-env.mjs"
import { spawnSync } from "node:child_process"
import path from "node:path"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"
import { startPushWorkerProcess } from "./lib/push-worker-process.mjs"
import { superuserFor } from "./lib/superuser.mjs"
import { seedIfEmpty } from "./lib/maybe-seed.mjs"
import { vapidKeys } from "./lib/vapid.mjs"

const dataDir = path.resolve(ROOT, process.env.DATA_DIR || "pb_data")
const port = Number(process.env.PORT || 8090)
const host = process.env.HOST || "127.0.0.1"

if (process.env.SKIP_BUILD !== "1") {
  console.log("Construindo o app (vite build)...")
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  )
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const superuser = superuserFor(dataDir)
// the VAPID keys exist before PocketBase starts: its /api/vitrine/push/config serves the public one
vapidKeys(dataDir)
const server = await startPocketBase({ dataDir, port, host, superuser, publicDir: path.join(ROOT, "dist") })
const worker =
  process.env.PUSH_WORKER === "0"
    ? null
    : await startPushWorkerProcess({ url: server.url, dataDir, superuser, stdio: "inherit", restart: true })

let stopping = false
const stop = async () => {
  stopping = true
  await worker?.stop()
  await server.stop()
  process.exit(0)
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
server.child.on("exit", async (code) => {
  if (stopping) return
  console.error(`PocketBase parou (código ${code}).`)
  await worker?.stop()
  process.exit(code || 1)
})

await seedIfEmpty(server.url, superuser)

console.log(
  `\nPainel do PocketBase: ${server.url}/_/ (superusuário ${superuser.email}; senha em ${path.relative(ROOT, dataDir)}/.superuser.json ou SUPERUSER_PASSWORD)`,
)
console.log("Vitrine está no ar em:")
console.log(server.url)
