// npm run dev: a development PocketBase (migrations applied, hooks reloaded on change, demo data
// when empty) plus Vite with hot reload, which proxies /api and /_ to it.
import "./lib/load-env.mjs"
import { spawn } from "node:child_process"
import path from "node:path"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"
import { superuserFor } from "./lib/superuser.mjs"
import { seedIfEmpty } from "./lib/maybe-seed.mjs"

const dataDir = path.resolve(ROOT, process.env.DATA_DIR || "pb_data")
const port = Number(process.env.PORT || 8090)
const superuser = superuserFor(dataDir)
const server = await startPocketBase({ dataDir, port, superuser, dev: true })
await seedIfEmpty(server.url, superuser)

const vite = spawn(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "--host", "127.0.0.1"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, VITE_PB_PROXY: server.url },
})
const stop = async () => {
  vite.kill("SIGTERM")
  await server.stop()
  process.exit(0)
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
vite.on("exit", stop)
console.log(`PocketBase (API e painel /_/): ${server.url}`)
