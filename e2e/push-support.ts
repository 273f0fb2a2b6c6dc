// The run's local push service (e2e/global-setup.ts) seen from the tests: a subscription whose
// endpoint and keys belong to it, the pushes it received (decrypted), and the PushManager stub that
// hands that subscription to the page (a real pushManager.subscribe needs the browser's push
// service, which there is none of without internet).
export interface MockSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}
export interface Delivery {
  payload: { title: string; body: string; url: string; tag: string; id: string }
  topic: string
  urgency: string
}

const control = () => process.env.E2E_PUSH_CONTROL!

export async function mockSubscription(): Promise<MockSubscription> {
  return (await fetch(`${control()}/subscribe`, { method: "POST" })).json()
}
export async function deliveries(endpoint: string): Promise<Delivery[]> {
  const res = await fetch(`${control()}/deliveries?endpoint=${encodeURIComponent(endpoint)}`)
  return ((await res.json()) as { deliveries: Delivery[] }).deliveries
}

/** In the page: PushManager hands out `sub` (kept in localStorage, as a browser keeps its own). */
export function stubPushManager(sub: MockSubscription) {
  const STORE = "e2e-fake-push-key"
  const bytes = (b64url: string) => {
    const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/")
    return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0))
  }
  const make = (applicationServerKey: ArrayBuffer) => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey },
    getKey: (name: string) => bytes(name === "p256dh" ? sub.keys.p256dh : sub.keys.auth).buffer,
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORE)
      return true
    },
  })
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array
    const copy = new Uint8Array(key).buffer
    localStorage.setItem(STORE, btoa(String.fromCharCode(...new Uint8Array(copy))))
    return make(copy) as unknown as PushSubscription
  }
  PushManager.prototype.getSubscription = async function () {
    const saved = localStorage.getItem(STORE)
    if (!saved) return null
    return make(Uint8Array.from(atob(saved), (c) => c.charCodeAt(0)).buffer) as unknown as PushSubscription
  }
}
