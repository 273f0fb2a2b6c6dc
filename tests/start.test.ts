// Starting a data dir: the generated superuser password can never be read as a command-line flag,
// and one that starts with "-" (made before that was fixed) still works.
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import PocketBase from "pocketbase"
import { afterAll, describe, expect, it } from "vitest"
import { startPocketBase } from "../scripts/lib/pb-server.mjs"
import { superuserFor } from "../scripts/lib/superuser.mjs"

const dirs: string[] = []
const tempDir = async () => {
  const d = await mkdtemp(path.join(tmpdir(), "vitrine-start-"))
  dirs.push(d)
  return d
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

describe("superuser at start", () => {
  it("generated passwords never start with '-' (base64url did, about 1 in 64)", async () => {
    const root = await tempDir()
    for (let i = 0; i < 300; i++) {
      const { password } = superuserFor(path.join(root, String(i)))
      expect(password).toMatch(/^[A-Za-z0-9]/)
      expect(password.length).toBeGreaterThanOrEqual(16)
    }
  })

  it("a stored password starting with '-' still starts the server and signs in", async () => {
    const superuser = { email: "hifen@vitrine.test", password: "-senha-com-hifen-123" }
    const server = await startPocketBase({ superuser, env: { RATE_LIMITS: "off" } })
    try {
      const pb = new PocketBase(server.url)
      await pb.collection("_superusers").authWithPassword(superuser.email, superuser.password)
      expect(pb.authStore.isSuperuser).toBe(true)
    } finally {
      await server.stop()
    }
  })
})
