// The start-up check and the sign-out removal of this device's subscription never interleave: a
// check still waiting for the server when the user signs out must not store the subscription again
// after the removal deleted it (the device would keep receiving the old user's pushes).
import { afterEach, describe, expect, it, vi } from "vitest"
import { pb } from "@/lib/pocketbase"

const calls: string[] = []
let answerConfig: (() => void) | null = null

vi.mock("./api/get-push-config", () => ({
  fetchPushConfig: () =>
    new Promise<{ publicKey: string }>((resolve) => {
      answerConfig = () => resolve({ publicKey: "key" })
    }),
}))
vi.mock("./api/save-subscription", () => ({
  saveSubscription: async () => void calls.push("save"),
}))
vi.mock("./api/delete-subscription", () => ({
  deleteSubscription: async (_endpoint: string, token?: string) => void calls.push(`delete with ${token}`),
}))
let owner: string | null = "ana"
const sub = { endpoint: "https://push.example/ana", unsubscribe: async () => void calls.push("unsubscribe") }
const reg = { pushManager: { getSubscription: async () => sub } }
vi.mock("./device", () => ({
  pushSupport: () => "supported",
  registration: async () => reg,
  subscriptionOwner: () => owner,
  setSubscriptionOwner: (id: string | null) => void (owner = id),
  madeWithKey: () => true,
  subscribe: async () => sub,
}))

afterEach(() => {
  vi.unstubAllGlobals()
  pb.authStore.clear()
  calls.length = 0
  owner = "ana"
  answerConfig = null
})

describe("push subscription sync and sign-out", () => {
  it("a sign-out during the start-up check removes the subscription after the check, never before", async () => {
    vi.stubGlobal("Notification", { permission: "granted" })
    vi.stubGlobal("navigator", { serviceWorker: { getRegistration: async () => reg } })
    pb.authStore.save("token-ana", { id: "ana", collectionId: "users", collectionName: "users" })
    const { removeThisDevice, syncPushSubscription } = await import("./sync")

    const check = syncPushSubscription("ana") // waits for the server's push config
    await vi.waitFor(() => expect(answerConfig).not.toBeNull())
    const removal = removeThisDevice("token-ana") // 'Sair', while the check still waits
    await new Promise((r) => setTimeout(r, 20))
    answerConfig!() // the server answers; the user is still signed in (sign-out waits for its tasks)
    await Promise.all([check, removal])

    expect(calls).toEqual(["save", "delete with token-ana", "unsubscribe"])
    expect(owner).toBeNull()
  })

  it("a check that starts while 'Ativar' subscribes waits for it, and keeps the new subscription", async () => {
    vi.stubGlobal("Notification", { permission: "granted" })
    pb.authStore.save("token-ana", { id: "ana", collectionId: "users", collectionName: "users" })
    owner = null // 'Ativar' has subscribed in the browser but not yet recorded whose it is
    const { serial, syncPushSubscription } = await import("./sync")
    let finish: () => void = () => {}
    const enable = serial(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            calls.push("enable saved")
            owner = "ana"
            resolve()
          }
        }),
    )
    const check = syncPushSubscription("ana")
    await new Promise((r) => setTimeout(r, 20))
    finish()
    await vi.waitFor(() => expect(answerConfig).not.toBeNull())
    answerConfig!()
    await Promise.all([enable, check])
    expect(calls).toEqual(["enable saved", "save"]) // never 'unsubscribe'
    expect(owner).toBe("ana")
  })

  it("a check that ends after the user signed out stores nothing", async () => {
    vi.stubGlobal("Notification", { permission: "granted" })
    pb.authStore.save("token-ana", { id: "ana", collectionId: "users", collectionName: "users" })
    const { syncPushSubscription } = await import("./sync")
    const check = syncPushSubscription("ana")
    await vi.waitFor(() => expect(answerConfig).not.toBeNull())
    pb.authStore.clear()
    answerConfig!()
    await check
    expect(calls).toEqual([])
  })
})
