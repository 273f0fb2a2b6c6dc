// One real PocketBase for the e2e run: a temporary data dir, the project's migrations and hooks,
// the built app (dist/) as its public dir, and the demo data. Its e-mails (verification, password
// reset) go to a local SMTP sink; specs read them from E2E_MAIL_DIR with waitForMail(dir, ...) of
// scripts/lib/smtp-sink.mjs.
import path from "node:path"
import { ROOT, startPocketBase } from "../scripts/lib/pb-server.mjs"
import { startSmtpSink } from "../scripts/lib/smtp-sink.mjs"
import { seed } from "../scripts/seed.mjs"

const SUPERUSER = { email: "root@vitrine.e2e", password: "e2e-superuser-123" }

export default async function globalSetup() {
  const sink = await startSmtpSink()
  const server = await startPocketBase({
    superuser: SUPERUSER,
    // E2E_DIST lets a run test a build kept apart from dist/ (e.g. while dist/ is rebuilt)
    publicDir: process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : path.join(ROOT, "dist"),
    env: { RATE_LIMITS: "off", ...sink.env },
  }).catch(async (err: unknown) => {
    await sink.stop()
    throw err
  })
  await seed({ url: server.url, superuser: SUPERUSER, log: () => {} })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_SUPERUSER_EMAIL = SUPERUSER.email
  process.env.E2E_SUPERUSER_PASSWORD = SUPERUSER.password
  process.env.E2E_MAIL_DIR = sink.dir
  return async () => {
    await server.stop()
    await sink.stop()
  }
}
