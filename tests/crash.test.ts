// Durability under kill -9 (issue 12): a comment and its comment_count change commit together, so
// a crash in the middle of a burst of comments never leaves the counter behind the rows.
import PocketBase, { type RecordModel } from "pocketbase"
import { afterAll, describe, expect, it } from "vitest"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { startPocketBase } from "../scripts/lib/pb-server.mjs"
import { images } from "./helpers/products"

const SUPERUSER = { email: "root@crash.test", password: "superuser-crash-123" }
let dataDir = ""
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe("kill -9 in the middle of comments", () => {
  it("after each crash and restart, every product's comment_count equals its comment rows", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "vitrine-crash-"))
    const boot = () => startPocketBase({ dataDir, superuser: SUPERUSER, env: { RATE_LIMITS: "off" } })
    const admin = async (url: string) => {
      const pb = new PocketBase(url)
      pb.autoCancellation(false)
      await pb.collection("_superusers").authWithPassword(SUPERUSER.email, SUPERUSER.password)
      return pb
    }
    let server = await boot()
    let pb = await admin(server.url)
    const owner = await pb.collection("users").create({
      email: "dona@crash.test",
      password: "senha-crash-123",
      passwordConfirm: "senha-crash-123",
      display_name: "Dona Crash",
      verified: true,
    })
    const products: RecordModel[] = []
    for (let i = 0; i < 3; i++)
      products.push(
        await pb.collection("products").create({
          slug: `crash-${i}`,
          title: `Produto crash ${i}`,
          description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
          url: "https://exemplo.com.br",
          status: "approved",
          created_by: owner.id,
          images: [images.png()],
        }),
      )
    const fans: Array<{ id: string; pb: PocketBase }> = []
    for (let i = 0; i < 4; i++) {
      const u = await pb.collection("users").create({
        email: `fa${i}@crash.test`,
        password: "senha-crash-123",
        passwordConfirm: "senha-crash-123",
        display_name: `Fã ${i}`,
        verified: true,
      })
      const client = await pb.collection("users").impersonate(u.id, 3600)
      client.autoCancellation(false)
      fans.push({ id: u.id, pb: client })
    }

    for (let round = 0; round < 3; round++) {
      // a burst of comments from every fan on every product, and kill -9 while it runs
      let sent = 0
      const burst = Promise.allSettled(
        Array.from({ length: 120 }, (_, i) => {
          const fan = fans[i % fans.length]!
          const product = products[i % products.length]!
          return fan.pb
            .collection("comments")
            .create({ product: product.id, user: fan.id, content: `Comentário ${round}-${i} no meio da queda.` })
            .then(() => (sent += 1))
        }),
      )
      await expect.poll(() => sent, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(10)
      const exited = new Promise((r) => server.child.once("exit", r))
      server.child.kill("SIGKILL")
      await burst
      await exited
      server = await boot()
      pb = await admin(server.url)
      for (const p of products) {
        const rows = (
          await pb.collection("comments").getFullList({ filter: `product = "${p.id}" && is_deleted = false` })
        ).length
        expect((await pb.collection("products").getOne(p.id)).comment_count, `round ${round}`).toBe(rows)
      }
      for (const fan of fans) {
        const client = await pb.collection("users").impersonate(fan.id, 3600)
        client.autoCancellation(false)
        fan.pb = client
      }
    }
    await server.stop()
  }, 120_000)
})
