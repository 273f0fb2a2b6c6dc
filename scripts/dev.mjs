// npm run dev: a development PocketBase (migrations applied, hooks reloaded on change, demo data
// when empty), the web push worker (unless PUSH_WORKER=0) plus Vite with hot reload, which
// proxies /api and /_ to PocketBase.
import "./lib/load-env.mjs"
import { spawn } from "node:child_process"
import path from "node:path"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"
import { startPushWorkerProcess } from "./lib/push-worker-process.mjs"
import { superuserFor } from "./lib/superuser.mjs"
import { seedIfEmpty } from "./lib/maybe-seed.mjs"
import { vapidKeys } from "./lib/vapid.mjs"

const dataDir = path.resolve(ROOT, process.env.DATA_DIR || "pb_data")
const port = Number(process.env.PORT || 8090)
const superuser = superuserFor(dataDir)
vapidKeys(dataDir) // before PocketBase: /api/vitrine/push/config serves the public key
// the Vite dev server's origin may call the API too (its proxy makes most calls same-origin)
const devOrigins = [process.env.CORS_ORIGINS, "http://localhost:5173", "http://127.0.0.1:5173"].filter(Boolean)
const server = await startPocketBase({
  dataDir,
  port,
  superuser,
  dev: true,
  env: { CORS_ORIGINS: devOrigins.join(",") },
})
const worker =
  process.env.PUSH_WORKER === "0"
    ? null
    : await startPushWorkerProcess({ url: server.url, dataDir, superuser, stdio: "inherit", restart: true })
await seedIfEmpty(server.url, superuser)

const vite = spawn(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "--host", "127.0.0.1"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, VITE_PB_PROXY: server.url },
})
const stop = async () => {
  vite.kill("SIGTERM")
  await worker?.stop()
  await server.stop()
  process.exit(0)
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
vite.on("exit", stop)
console.log(`PocketBase (API e painel /_/): ${server.url}`)
