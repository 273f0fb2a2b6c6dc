// Every migration can be undone: on a fresh data dir, all of them go up, all of them come down
// again (each `down` reverses its `up`: the app's collections are gone), and up once more gives a
// server that answers the public reads. A migration whose `down` is missing or wrong fails here.
import { spawnSync } from "node:child_process"
import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, expect, it } from "vitest"
import { PB_BIN, ROOT, startPocketBase } from "../scripts/lib/pb-server.mjs"

let dataDir = ""
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

function migrate(args: string[], input = "") {
  const res = spawnSync(
    PB_BIN,
    [
      "migrate",
      ...args,
      `--dir=${dataDir}`,
      `--migrationsDir=${path.join(ROOT, "pb_migrations")}`,
      `--hooksDir=${path.join(ROOT, "pb_hooks")}`,
    ],
    { input, encoding: "utf8", timeout: 120_000 },
  )
  const out = `${res.stdout}${res.stderr}`
  expect(res.status, out).toBe(0)
  // (a binary under the temp dir runs in dev mode and prints every SQL statement: only PocketBase's
  // own failure lines count)
  expect(out).not.toMatch(/failed to (apply|revert) migration|failed to execute/i)
  return out
}

it("all migrations go up, come all the way down, and up again to a working server", async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vitrine-migrations-"))
  const ours = (await readdir(path.join(ROOT, "pb_migrations"))).filter((f) => f.endsWith(".js")).sort()
  const up = migrate(["up"])
  for (const f of ours) expect(up).toContain(`Applied ${f}`)

  const down = migrate(["down", String(ours.length)], "y\n")
  for (const f of ours) expect(down).toContain(`Reverted ${f}`)
  // nothing of ours is left: everything applies again
  const again = migrate(["up"])
  for (const f of ours) expect(again).toContain(`Applied ${f}`)

  const server = await startPocketBase({ dataDir, env: { RATE_LIMITS: "off" } })
  try {
    const list = await fetch(`${server.url}/api/vitrine/products`)
    expect(list.status).toBe(200)
    expect(await list.json()).toMatchObject({ items: [], nextCursor: null, total: 0 })
    expect((await fetch(`${server.url}/api/vitrine/facets`)).status).toBe(200)
  } finally {
    await server.stop()
  }
}, 180_000)
