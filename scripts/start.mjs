// npm start: builds the app, starts PocketBase serving it (migrations applied on start), loads the
// demo data into an empty database (unless DEMO_DATA=0 or NODE_ENV=production) and prints the URL.
// Ctrl-C stops everything.
import "./lib/load-env.mjs"
import { spawnSync } from "node:child_process"
import path from "node:path"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"
import { superuserFor } from "./lib/superuser.mjs"
import { seedIfEmpty } from "./lib/maybe-seed.mjs"

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
const server = await startPocketBase({ dataDir, port, host, superuser, publicDir: path.join(ROOT, "dist") })

let stopping = false
const stop = async () => {
  stopping = true
  await server.stop()
  process.exit(0)
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
server.child.on("exit", (code) => {
  if (stopping) return
  console.error(`PocketBase parou (código ${code}).`)
  process.exit(code || 1)
})

await seedIfEmpty(server.url, superuser)

console.log(
  `\nPainel do PocketBase: ${server.url}/_/ (superusuário ${superuser.email}; senha em ${path.relative(ROOT, dataDir)}/.superuser.json ou SUPERUSER_PASSWORD)`,
)
console.log("Vitrine está no ar em:")
console.log(server.url)
