// `npm run bench` (third part): web push, end to end on this machine, with the real parts: a
// throw-away PocketBase, the push worker as its own process (default settings) and the local HTTPS
// push service of the tests (it checks VAPID and decrypts every payload, as a real one would).
//   1. vote -> push: from the moment a vote's HTTP answer arrives to the moment its push reaches
//      the push service, over 100 votes one after the other (p50 / p95; target p95 < 1 s);
//   2. fan-out: one new pending product announced to staff with 500 subscriptions (50 staff x 10
//      devices): from the submit's answer to the first and to the 500th push delivered.
import { pathToFileURL } from "node:url"
import PocketBase from "pocketbase"
import { startMockPushService } from "./lib/mock-push-service.mjs"
import { startPocketBase } from "./lib/pb-server.mjs"
import { makePng } from "./lib/png.mjs"
import { startPushWorkerProcess } from "./lib/push-worker-process.mjs"

const SUPERUSER = { email: "bench@vitrine.local", password: "bench-superuser-123" }
const VOTES = 100
const STAFF = 50
const DEVICES_PER_STAFF = 10
const TARGET_P95_MS = 1000

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const ms = (v) => `${v.toFixed(0)} ms`

export async function benchPush() {
  const mock = await startMockPushService()
  const server = await startPocketBase({
    superuser: SUPERUSER,
    // the hourly cap (20) protects phones; here one owner receives 100 pushes on purpose
    env: { RATE_LIMITS: "off", PUSH_ALLOWED_ORIGINS: mock.origin, PUSH_HOURLY_CAP: "100000" },
  })
  let worker = null
  try {
    worker = await startPushWorkerProcess({
      url: server.url,
      dataDir: server.dataDir,
      superuser: SUPERUSER,
      env: { NODE_EXTRA_CA_CERTS: mock.caFile },
    })
    const admin = new PocketBase(server.url)
    admin.autoCancellation(false)
    await admin.collection("_superusers").authWithPassword(SUPERUSER.email, SUPERUSER.password)
    mock.expectKey((await admin.send("/api/vitrine/push/config", {})).publicKey)

    let n = 0
    const user = async (name, roles = []) => {
      n += 1
      const rec = await admin.collection("users").create({
        email: `bench-push-${n}@vitrine.local`,
        password: "senha-bench-123",
        passwordConfirm: "senha-bench-123",
        display_name: `${name} ${n}`,
        verified: true,
      })
      for (const role of roles) await admin.collection("user_roles").create({ user: rec.id, role })
      const pb = await admin.collection("users").impersonate(rec.id, 3600)
      pb.autoCancellation(false)
      return { pb, id: rec.id }
    }
    const device = async (u) => {
      const sub = mock.subscribe("bench")
      await u.pb
        .collection("push_subscriptions")
        .create({ user: u.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
      return sub
    }
    const png = () => new File([new Uint8Array(makePng(24, 16, 7))], "capa.png", { type: "image/png" })

    // ---------- 1. vote -> push ----------
    const owner = await user("Dona Bench")
    const ownerSub = await device(owner)
    const product = await admin.collection("products").create({
      slug: "produto-bench-push",
      title: "Produto do bench de push",
      description: "Um produto criado pelo bench para medir o caminho do voto até o push no celular.",
      url: "https://exemplo.com.br",
      status: "approved",
      created_by: owner.id,
      images: [png()],
    })
    const voters = []
    for (let i = 0; i < VOTES; i++) voters.push(await user("Eleitor"))
    const latencies = []
    for (const [i, v] of voters.entries()) {
      await v.pb.send(`/api/vitrine/products/${product.id}/vote`, { method: "PUT" })
      const answered = Date.now()
      const msg = await mock.waitFor(() => mock.deliveriesTo(ownerSub.endpoint)[i], 10_000, `push do voto ${i + 1}`)
      latencies.push(msg.at - answered)
    }
    latencies.sort((a, b) => a - b)

    // ---------- 2. fan-out to 500 staff subscriptions ----------
    const staff = []
    for (let i = 0; i < STAFF; i++) staff.push(await user("Moderação", ["moderator"]))
    for (const s of staff) {
      await s.pb.send("/api/vitrine/push/preferences", { method: "PUT", body: { moderation: true } })
      for (let d = 0; d < DEVICES_PER_STAFF; d++) await device(s)
    }
    const maker = await user("Maker Bench")
    const form = new FormData()
    form.append("title", "Produto novo para revisão")
    form.append("description", "Um produto enviado pelo bench para medir o aviso a toda a equipe de moderação.")
    form.append("url", "https://exemplo.com.br/novo")
    form.append("tags", JSON.stringify(["bench"]))
    form.append("images", png())
    const created = await maker.pb.send("/api/vitrine/products", { method: "POST", body: form })
    const submitted = Date.now()
    const tag = `staff-product-${created.id}`
    const fanout = () => mock.deliveries.filter((d) => d.payload.tag === tag)
    const total = STAFF * DEVICES_PER_STAFF
    await mock.waitFor(() => fanout().length >= total, 60_000, `${total} pushes da equipe`)
    const times = fanout()
      .map((d) => d.at - submitted)
      .sort((a, b) => a - b)
    if (mock.problems.length > 0) throw new Error(`push service refused requests: ${JSON.stringify(mock.problems)}`)

    const p95 = percentile(latencies, 95)
    console.log("\nWeb push (PocketBase + worker + serviço de push local em HTTPS, VAPID e aes128gcm reais):")
    console.log(
      `  voto -> push no serviço, ${VOTES} votos: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(p95)}, máx ${ms(latencies.at(-1))}`,
    )
    console.log(
      `  1 produto novo -> ${total} inscrições da equipe (${STAFF} x ${DEVICES_PER_STAFF}): primeiro em ${ms(times[0])}, ` +
        `todos em ${ms(times.at(-1))} (${Math.round((total * 1000) / Math.max(1, times.at(-1)))} pushes/s)`,
    )
    const ok = p95 < TARGET_P95_MS
    console.log(`${ok ? "OK   " : "FALHA"} voto -> push p95 < ${TARGET_P95_MS} ms (${ms(p95)})`)
    return ok
  } finally {
    await worker?.stop()
    await server.stop()
    await mock.stop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const ok = await benchPush()
  process.exit(ok ? 0 : 1)
}
