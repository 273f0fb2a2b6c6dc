// Starting a data dir: the generated superuser password can never be read as a command-line flag,
// and one that starts with "-" (made before that was fixed) still works; a binary under the temp
// dir still runs PocketBase out of dev mode.
import { spawnSync } from "node:child_process"
import { mkdtemp, rm, symlink } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import PocketBase from "pocketbase"
import { afterAll, describe, expect, it } from "vitest"
import { PB_BIN, ROOT, startPocketBase } from "../scripts/lib/pb-server.mjs"
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

describe("a checkout under the temp dir", () => {
  // PocketBase takes a binary under the temp dir (or Go's cache) for `go run` and then runs in dev
  // mode: it prints every SQL statement, the settings' token secrets included, and spends CPU on it.
  // A clone in /tmp (CI's, or anyone's) started its servers that way.
  it("starts PocketBase out of dev mode: no SQL statement, no secret in its output", async () => {
    const dir = await tempDir()
    const bin = path.join(dir, "pocketbase")
    await symlink(PB_BIN, bin)
    const script = [
      `const m = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, "scripts/lib/pb-server.mjs")).href)})`,
      `const s = await m.startPocketBase({ superuser: { email: "dev@vitrine.test", password: "senha-de-teste-123" }, env: { RATE_LIMITS: "off" } })`,
      `const res = await fetch(s.url + "/api/vitrine/products")`,
      `if (!res.ok) throw new Error("listing answered " + res.status)`,
      `process.stdout.write(s.output())`,
      `await s.stop()`,
    ].join("\n")
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, POCKETBASE_BIN: bin },
      encoding: "utf8",
      timeout: 60_000,
    })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain("Server started")
    expect(run.stdout).not.toMatch(/^\[\d+\.\d+ms\]/m)
    expect(run.stdout).not.toContain('"secret"')
  })
})
