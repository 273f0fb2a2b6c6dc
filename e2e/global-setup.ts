// One real PocketBase for the e2e run: a temporary data dir, the project's migrations and hooks,
// the built app (dist/) as its public dir, and the demo data. Its e-mails (verification, password
// reset) go to a local SMTP sink; specs read them from E2E_MAIL_DIR with waitForMail(dir, ...) of
// scripts/lib/smtp-sink.mjs. Web push: the real push worker sends to a local HTTPS push service
// (scripts/lib/mock-push-service.mjs, allowed through PUSH_ALLOWED_ORIGINS, its CA trusted by the
// worker); specs make subscriptions and read what it decrypted through E2E_PUSH_CONTROL.
import path from "node:path"
import { readFile } from "node:fs/promises"
import { startMockPushService } from "../scripts/lib/mock-push-service.mjs"
import { ROOT, startPocketBase } from "../scripts/lib/pb-server.mjs"
import { startPushWorkerProcess } from "../scripts/lib/push-worker-process.mjs"
import { startSmtpSink } from "../scripts/lib/smtp-sink.mjs"
import { seed } from "../scripts/seed.mjs"

const SUPERUSER = { email: "root@vitrine.e2e", password: "e2e-superuser-123" }

export default async function globalSetup() {
  const sink = await startSmtpSink()
  const push = await startMockPushService({ control: true })
  const server = await startPocketBase({
    superuser: SUPERUSER,
    // E2E_DIST lets a run test a build kept apart from dist/ (e.g. while dist/ is rebuilt)
    publicDir: process.env.E2E_DIST ? path.resolve(process.env.E2E_DIST) : path.join(ROOT, "dist"),
    env: { RATE_LIMITS: "off", PUSH_ALLOWED_ORIGINS: push.origin, ...sink.env },
  }).catch(async (err: unknown) => {
    await sink.stop()
    await push.stop()
    throw err
  })
  const worker = await startPushWorkerProcess({
    url: server.url,
    dataDir: server.dataDir,
    superuser: SUPERUSER,
    env: { NODE_EXTRA_CA_CERTS: push.caFile, PUSH_SCAN_SECONDS: "1" },
  })
  push.expectKey(JSON.parse(await readFile(path.join(server.dataDir, ".vapid.json"), "utf8")).publicKey)
  await seed({ url: server.url, superuser: SUPERUSER, log: () => {} })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_SUPERUSER_EMAIL = SUPERUSER.email
  process.env.E2E_SUPERUSER_PASSWORD = SUPERUSER.password
  process.env.E2E_MAIL_DIR = sink.dir
  process.env.E2E_PUSH_CONTROL = push.controlUrl
  return async () => {
    await worker.stop()
    await server.stop()
    await sink.stop()
    await push.stop()
  }
}
