// Push subscriptions on the real server: only the known push services' endpoints are accepted
// (refusals in Portuguese, updates re-checked), at most 10 per user, one per endpoint (taken over
// by whoever signs in on that browser), pushsubscriptionchange renewals, and no loopback endpoints
// without PUSH_ALLOWED_ORIGINS. The rig is tests/helpers/push-rig.ts.
import { describe, expect, it } from "vitest"
import { startBackend } from "./helpers/pocketbase"
import { fieldMessage, refusal } from "./helpers/products"
import { be, device, mock, withPushRig } from "./helpers/push-rig"

withPushRig()

describe("subscriptions", () => {
  const keys = () => mock.subscribe("chaves").keys

  it("accepts the known push services and refuses anything else, in Portuguese", async () => {
    const u = await be.user("Pessoa Endpoints")
    const create = (endpoint: string, k = keys()) =>
      u.pb.collection("push_subscriptions").create({ user: u.id, endpoint, p256dh: k.p256dh, auth: k.auth })
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc123:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB",
      "https://web.push.apple.com/QGuQyavXutnMHNd",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
    ]) {
      await create(ok)
    }
    const notAllowed =
      "Este serviço de notificações não é aceito. Use um navegador com o push do Google, da Mozilla, da Apple ou da Microsoft."
    for (const bad of [
      "https://127.0.0.1/push/x",
      "https://10.0.0.8/push",
      "https://192.168.1.1/push",
      "https://localhost/push",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://evil.example/?fcm.googleapis.com",
      "https://notify.windows.com.evil.example/w",
    ]) {
      expect(fieldMessage(await refusal(create(bad)), "endpoint"), bad).toBe(notAllowed)
    }
    for (const bad of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com@127.0.0.1/x",
      "ftp://fcm.googleapis.com/x",
      "https:///x",
    ]) {
      expect(fieldMessage(await refusal(create(bad)), "endpoint"), bad).toBe(
        "Endereço de notificação inválido: ele precisa começar com https://.",
      )
    }
    const badKeys = await refusal(create("https://fcm.googleapis.com/fcm/send/k", { p256dh: "curta", auth: "x" }))
    expect(fieldMessage(badKeys, "p256dh")).toBe("As chaves da inscrição de notificações são inválidas.")
    // an update is checked too
    const [mine] = await u.pb.collection("push_subscriptions").getFullList({ sort: "created" })
    const moved = await refusal(
      u.pb.collection("push_subscriptions").update(mine!.id, { endpoint: "https://169.254.169.254/latest" }),
    )
    expect(fieldMessage(moved, "endpoint")).toBe(notAllowed)
  })

  it("at most 10 per user; one per endpoint, taken over by whoever signs in on that browser", async () => {
    const a = await be.user("Muitos Aparelhos")
    const b = await be.user("Outra Pessoa")
    const subs = []
    for (let i = 0; i < 10; i++) subs.push(await device(a, `d${i}`))
    const eleventh = mock.subscribe("d10")
    const err = await refusal(
      a.pb.collection("push_subscriptions").create({
        user: a.id,
        endpoint: eleventh.endpoint,
        p256dh: eleventh.keys.p256dh,
        auth: eleventh.keys.auth,
      }),
    )
    expect(fieldMessage(err, "endpoint")).toBe(
      "Você já ativou as notificações em 10 aparelhos. Desative em algum deles para ativar neste.",
    )
    // B signs in on A's first browser, whose push subscription (endpoint) is the same
    await b.pb.collection("push_subscriptions").create({
      user: b.id,
      endpoint: subs[0]!.endpoint,
      p256dh: subs[0]!.keys.p256dh,
      auth: subs[0]!.keys.auth,
    })
    expect(await a.pb.collection("push_subscriptions").getFullList()).toHaveLength(9)
    // owner-only: A cannot see B's row, nor create one for B
    expect(await a.pb.collection("push_subscriptions").getFullList({ filter: `user = "${b.id}"` })).toEqual([])
    const k = mock.subscribe("alheia")
    await expect(
      a.pb
        .collection("push_subscriptions")
        .create({ user: b.id, endpoint: k.endpoint, p256dh: k.keys.p256dh, auth: k.keys.auth }),
    ).rejects.toMatchObject({ status: 400 })
  })

  it("pushsubscriptionchange: the holder of the old endpoint moves it to the new one (re-checked)", async () => {
    const u = await be.user("Troca Inscrição")
    const before = await device(u)
    const after = mock.subscribe("nova")
    const renew = (endpoint: string) =>
      be.anon().send("/api/vitrine/push/renew", {
        method: "POST",
        body: { old_endpoint: before.endpoint, endpoint, p256dh: after.keys.p256dh, auth: after.keys.auth },
      })
    expect(fieldMessage(await refusal(renew("https://127.0.0.1:1/x")), "endpoint")).toContain("não é aceito")
    await renew(after.endpoint)
    const [row] = await u.pb.collection("push_subscriptions").getFullList()
    expect(row).toMatchObject({ endpoint: after.endpoint, p256dh: after.keys.p256dh })
    await expect(renew(after.endpoint)).rejects.toMatchObject({ status: 404 }) // the old one is gone
  })

  it("without PUSH_ALLOWED_ORIGINS a subscription to https://127.0.0.1/... is refused", async () => {
    const plain = await startBackend()
    try {
      const u = await plain.user("Sem Origens Extras")
      const k = mock.subscribe("loopback").keys
      const err = await refusal(
        u.pb
          .collection("push_subscriptions")
          .create({ user: u.id, endpoint: "https://127.0.0.1/push/abc", p256dh: k.p256dh, auth: k.auth }),
      )
      expect(err.status).toBe(400)
      expect(fieldMessage(err, "endpoint")).toBe(
        "Este serviço de notificações não é aceito. Use um navegador com o push do Google, da Mozilla, da Apple ou da Microsoft.",
      )
      // and nothing is served as a key before any worker ran
      expect(await plain.anon().send("/api/vitrine/push/config", {})).toEqual({ publicKey: "" })
    } finally {
      await plain.stop()
    }
  })
})
