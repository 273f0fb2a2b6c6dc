// This browser's side of web push: whether it can receive pushes (iPhone and iPad only in the app
// added to the home screen), the permission, and the push subscription of the service worker.
// Nothing here talks to our server; the api/ modules do. Offline, subscribing fails (the browser
// must reach its push service) and says so.

export type PushSupport = "supported" | "ios-needs-install" | "unsupported"

/** localStorage: the user this browser's push subscription was made for. */
const OWNER_KEY = "vitrine.push-owner"

export function isIos(): boolean {
  const ua = navigator.userAgent
  // iPadOS presents itself as a Mac, but a Mac has no touch screen
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
}

export function isStandalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported"
  if (isIos() && !isStandalone()) return "ios-needs-install"
  const ok = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  return ok ? "supported" : "unsupported"
}

/** The service worker registration, or null when none becomes ready in time (e.g. dev server). */
export async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  // the dev server registers no service worker (app/pwa.ts): do not wait for one
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return null
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
  ])
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=")
  const raw = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/** Whether `sub` was made with this VAPID public key (a changed key needs a new subscription). */
export function madeWithKey(sub: PushSubscription, publicKey: string): boolean {
  const have = sub.options?.applicationServerKey
  if (!have) return true // the browser does not tell: assume it is current
  const a = new Uint8Array(have)
  const b = keyBytes(publicKey)
  return a.length === b.length && a.every((v, i) => v === b[i])
}

export function subscribe(reg: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
}

export function subscriptionOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY)
  } catch {
    return null
  }
}

export function setSubscriptionOwner(userId: string | null) {
  try {
    if (userId) localStorage.setItem(OWNER_KEY, userId)
    else localStorage.removeItem(OWNER_KEY)
  } catch {
    /* private mode: the next start re-checks with the server */
  }
}
