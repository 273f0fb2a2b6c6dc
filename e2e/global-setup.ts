// One real PocketBase for the e2e run: a temporary data dir, the project's migrations and hooks,
// the built app (dist/) as its public dir, and the demo data.
import path from "node:path"
import { ROOT, startPocketBase } from "../scripts/lib/pb-server.mjs"
import { seed } from "../scripts/seed.mjs"

const SUPERUSER = { email: "root@vitrine.e2e", password: "e2e-superuser-123" }

export default async function globalSetup() {
  const server = await startPocketBase({
    superuser: SUPERUSER,
    publicDir: path.join(ROOT, "dist"),
    env: { RATE_LIMITS: "off" },
  })
  await seed({ url: server.url, superuser: SUPERUSER, log: () => {} })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_SUPERUSER_EMAIL = SUPERUSER.email
  process.env.E2E_SUPERUSER_PASSWORD = SUPERUSER.password
  return async () => {
    await server.stop()
  }
}
