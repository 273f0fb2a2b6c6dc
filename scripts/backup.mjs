// npm run backup: a consistent snapshot of the data dir (database and uploaded files) through
// PocketBase's backup API, copied to BACKUP_DIR (default ./backups). Uses the running server of
// this data dir when there is one (PORT), else starts PocketBase on it for the moment. Prints the
// file's path. The backup holds everything in the data dir (also .superuser.json and .vapid.json):
// keep it as safe as the server.
import "./lib/load-env.mjs"
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import PocketBase from "pocketbase"
import { ROOT, startPocketBase } from "./lib/pb-server.mjs"
import { superuserFor } from "./lib/superuser.mjs"

export async function backup({ dataDir, port, outDir }) {
  const superuser = superuserFor(dataDir)
  let url = `http://127.0.0.1:${port}`
  let temporary = null
  const running = await fetch(`${url}/api/health`).then(
    (r) => r.ok,
    () => false,
  )
  if (!running) {
    temporary = await startPocketBase({ dataDir, superuser, publicDir: path.join(ROOT, "dist") })
    url = temporary.url
  }
  try {
    const pb = new PocketBase(url)
    pb.autoCancellation(false)
    await pb.collection("_superusers").authWithPassword(superuser.email, superuser.password)
    const name = `vitrine-${new Date().toISOString().replace(/[:.]/g, "-").toLowerCase()}.zip` // [a-z0-9_-]
    await pb.backups.create(name)
    const token = await pb.files.getToken()
    const res = await fetch(pb.backups.getDownloadURL(token, name))
    if (!res.ok) throw new Error(`download do backup falhou: ${res.status}`)
    mkdirSync(outDir, { recursive: true })
    const file = path.join(outDir, name)
    writeFileSync(file, Buffer.from(await res.arrayBuffer()), { mode: 0o600 })
    return file
  } finally {
    await temporary?.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR || "pb_data")
  const outDir = path.resolve(ROOT, process.env.BACKUP_DIR || "backups")
  const file = await backup({ dataDir, port: Number(process.env.PORT || 8090), outDir })
  console.log(`Backup salvo em ${file}`)
}
