// Backups (npm run backup / npm run restore): a snapshot taken from the running server, restored
// into a fresh data dir, holds every row and every uploaded file; restoring refuses a running
// server; production mode schedules a daily backup with a retention count.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import PocketBase from "pocketbase"
import { afterAll, describe, expect, it } from "vitest"
import { backup } from "../scripts/backup.mjs"
import { freePort, startPocketBase } from "../scripts/lib/pb-server.mjs"
import { superuserFor } from "../scripts/lib/superuser.mjs"
import { restore } from "../scripts/restore.mjs"
import { images } from "./helpers/products"

const temps: string[] = []
const temp = async (label: string) => {
  const d = await mkdtemp(path.join(tmpdir(), `vitrine-${label}-`))
  temps.push(d)
  return d
}
afterAll(async () => {
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })))
})

const COLLECTIONS = ["users", "categories", "tags", "products", "product_tags", "votes", "comments", "notifications"]

async function snapshot(pb: PocketBase) {
  const out: Record<string, string[]> = {}
  for (const c of COLLECTIONS) out[c] = (await pb.collection(c).getFullList({ sort: "id" })).map((r) => r.id)
  return out
}

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) await walk(p)
      else if (!e.name.endsWith(".attrs") && !p.includes(`${path.sep}thumbs_`))
        out[path.relative(dir, p)] = (await readFile(p)).toString("base64")
    }
  }
  await walk(dir)
  return out
}

describe("backup and restore", () => {
  it("a backup of the running server restored into a fresh data dir has every row and file", async () => {
    const dataDir = await temp("data")
    const superuser = superuserFor(dataDir)
    const server = await startPocketBase({ dataDir, superuser, env: { RATE_LIMITS: "off" } })
    let file: string
    let before: Record<string, string[]>
    let beforeFiles: Record<string, string>
    try {
      const pb = new PocketBase(server.url)
      pb.autoCancellation(false)
      await pb.collection("_superusers").authWithPassword(superuser.email, superuser.password)
      const owner = await pb.collection("users").create({
        email: "dona@backup.test",
        password: "senha-backup-123",
        passwordConfirm: "senha-backup-123",
        display_name: "Dona Backup",
        verified: true,
      })
      const p = await pb.collection("products").create({
        slug: "produto-backup",
        title: "Produto guardado",
        description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
        url: "https://exemplo.com.br",
        status: "approved",
        created_by: owner.id,
        images: [images.png("a.png", 1), images.jpeg("b.jpg")],
      })
      await pb.collection("comments").create({ product: p.id, user: owner.id, content: "Um comentário para guardar." })
      before = await snapshot(pb)
      beforeFiles = await filesUnder(path.join(dataDir, "storage"))
      file = await backup({ dataDir, port: server.port, outDir: await temp("backups") })
    } finally {
      await server.stop()
    }
    expect(Object.keys(beforeFiles).length).toBeGreaterThanOrEqual(2)

    const restored = path.join(await temp("restored"), "pb_data")
    const result = await restore({ file, dataDir: restored, port: await freePort() })
    expect(result.kept).toBe("")
    const again = await startPocketBase({ dataDir: restored, superuser, env: { RATE_LIMITS: "off" } })
    try {
      const pb = new PocketBase(again.url)
      pb.autoCancellation(false)
      await pb.collection("_superusers").authWithPassword(superuser.email, superuser.password)
      expect(await snapshot(pb)).toEqual(before)
      expect(await filesUnder(path.join(restored, "storage"))).toEqual(beforeFiles)
      // a restored product's picture is served again
      const prod = await pb.collection("products").getFirstListItem('slug = "produto-backup"')
      const res = await fetch(`${again.url}/api/files/${prod.collectionId}/${prod.id}/${prod.images[0]}`)
      expect(res.status).toBe(200)
    } finally {
      await again.stop()
    }
  })

  it("restore refuses while the server is running", async () => {
    const server = await startPocketBase({ env: { RATE_LIMITS: "off" } })
    try {
      await expect(restore({ file: "/nao/existe.zip", dataDir: server.dataDir, port: server.port })).rejects.toThrow(
        /pare-o antes de restaurar/,
      )
    } finally {
      await server.stop()
    }
  })

  it("production mode schedules a daily backup, keeping 7", async () => {
    const superuser = { email: "root@producao.test", password: "superuser-producao-123" }
    const server = await startPocketBase({ superuser, env: { RATE_LIMITS: "off", NODE_ENV: "production" } })
    try {
      const pb = new PocketBase(server.url)
      await pb.collection("_superusers").authWithPassword(superuser.email, superuser.password)
      const settings = await pb.settings.getAll()
      expect(settings.backups).toMatchObject({ cron: "0 3 * * *", cronMaxKeep: 7 })
    } finally {
      await server.stop()
    }
  })
})
