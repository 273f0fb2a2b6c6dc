// The web push rig of the push suites (tests/push-*.test.ts), with real parts only: the PocketBase
// binary with the project's hooks, the push worker as its own Node process
// (scripts/push-worker.mjs), and a local HTTPS push service (scripts/lib/mock-push-service.mjs)
// whose CA the worker trusts through NODE_EXTRA_CA_CERTS and which checks the VAPID JWT and
// decrypts every aes128gcm payload with the subscriber's keys. One rig per test file: vitest gives
// each file its own copy of this module.
import { readFile } from "node:fs/promises"
import path from "node:path"
import type PocketBase from "pocketbase"
import type { RecordModel } from "pocketbase"
import { afterAll, beforeAll } from "vitest"
import { startMockPushService, type MockPushService, type Subscription } from "../../scripts/lib/mock-push-service.mjs"
import { startPushWorkerProcess, type PushWorkerProcess } from "../../scripts/lib/push-worker-process.mjs"
import { pngBlob, startBackend, SUPERUSER, type TestBackend } from "./pocketbase"

export type User = { pb: PocketBase; id: string }

// set in beforeAll by withPushRig (live bindings: importers see the values once it ran)
export let be: TestBackend
export let mock: MockPushService
let worker: PushWorkerProcess | null = null
let seq = 0

/** The running push worker process (null between stopWorker and startWorker). */
export const currentWorker = () => worker

export async function startWorker() {
  worker = await startPushWorkerProcess({
    url: be.url,
    dataDir: be.server.dataDir,
    superuser: SUPERUSER,
    // a short lease, so jobs of a killed worker come back within the test's patience
    env: { NODE_EXTRA_CA_CERTS: mock.caFile, PUSH_SCAN_SECONDS: "1", PUSH_LEASE_SECONDS: "3" },
  })
}
export async function stopWorker() {
  await worker?.stop()
  worker = null
}

/** Starts the push service, PocketBase and the worker before the file's tests, and stops them after. */
export function withPushRig() {
  beforeAll(startPushRig)
  afterAll(stopPushRig)
}

async function startPushRig() {
  mock = await startMockPushService()
  be = await startBackend({ PUSH_ALLOWED_ORIGINS: mock.origin })
  await startWorker() // generates DATA_DIR/.vapid.json on its first start
  const vapid = JSON.parse(await readFile(path.join(be.server.dataDir, ".vapid.json"), "utf8"))
  mock.expectKey(vapid.publicKey)
}

async function stopPushRig() {
  await stopWorker()
  await be?.stop()
  await mock?.stop()
}

/** Polls `read` until `ok` holds (no fixed sleeps), or fails with the last value. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last = await read()
  while (!ok(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, 50))
    last = await read()
  }
  return last
}

export async function product(ownerId: string): Promise<RecordModel> {
  seq += 1
  return be.admin.collection("products").create({
    slug: `push-${seq}-${Date.now().toString(36)}`,
    title: `Produto Push ${seq}`,
    description: "Uma descrição longa o bastante para passar da regra de cinquenta caracteres.",
    url: "https://exemplo.com.br",
    status: "approved",
    created_by: ownerId,
    images: [new File([pngBlob()], "capa.png", { type: "image/png" })],
  })
}

/** A browser (the mock plays it) subscribed for `user`, stored through the collections API. */
export async function device(user: User, label = "aparelho"): Promise<Subscription> {
  const sub = mock.subscribe(label)
  await user.pb
    .collection("push_subscriptions")
    .create({ user: user.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
  return sub
}

export const vote = (pb: PocketBase, productId: string) =>
  pb.send(`/api/vitrine/products/${productId}/vote`, { method: "PUT" })
export const comment = (
  u: User,
  productId: string,
  content = "Que produto bacana, parabéns pelo trabalho!",
  parent = "",
) => u.pb.collection("comments").create({ product: productId, user: u.id, content, parent })
export const jobsOf = (userId: string) =>
  be.admin.collection("push_jobs").getFullList({ filter: `user = "${userId}"`, sort: "created" })
export const allSettled = (jobs: RecordModel[]) => jobs.every((j) => j.status !== "pending")
export const setPreferences = (u: User, prefs: Record<string, boolean>) =>
  u.pb.send("/api/vitrine/push/preferences", { method: "PUT", body: prefs })
