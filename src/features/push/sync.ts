// Keeps this browser's push subscription right while a user is signed in (run at app start):
// endpoints rotate, so the current one is stored again; a changed VAPID key (the server's keys
// were replaced) means a new subscription; a subscription made for another account on this
// browser is dropped. On sign-out, this device's subscription is removed (server and browser).
// Offline, nothing happens: the next start tries again.
import { pb } from "@/lib/pocketbase"
import { deleteSubscription } from "./api/delete-subscription"
import { fetchPushConfig } from "./api/get-push-config"
import { saveSubscription } from "./api/save-subscription"
import { madeWithKey, pushSupport, registration, setSubscriptionOwner, subscribe, subscriptionOwner } from "./device"

// Everything that changes this browser's subscription runs one job at a time, never interleaved:
// the start-up check, the sign-out removal and the profile's 'Ativar' / 'Desativar'. A check still
// running when the user signs out would otherwise store the subscription again after the removal
// deleted it; a check running while 'Ativar' subscribes would see a subscription with no owner
// yet, take it for another account's and drop it from the browser (the server kept the row, and
// sign-out then found nothing to remove).
let queue: Promise<unknown> = Promise.resolve()
export function serial<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job)
  queue = run.catch(() => undefined)
  return run
}

export function syncPushSubscription(userId: string) {
  return serial(() => syncNow(userId))
}

async function syncNow(userId: string) {
  if (pushSupport() !== "supported" || Notification.permission !== "granted") return
  const reg = await registration(5000)
  let sub = reg ? await reg.pushManager.getSubscription() : null
  if (!reg || !sub) return
  if (subscriptionOwner() !== userId) {
    await sub.unsubscribe()
    setSubscriptionOwner(null)
    return
  }
  const { publicKey } = await fetchPushConfig()
  if (!publicKey) return
  if (!madeWithKey(sub, publicKey)) {
    await deleteSubscription(sub.endpoint).catch(() => {})
    await sub.unsubscribe()
    sub = await subscribe(reg, publicKey)
  }
  // signed out (or another user signed in) meanwhile: the removal queued behind us takes it away
  if (pb.authStore.record?.id !== userId) return
  await saveSubscription(userId, sub)
}

/** Sign-out: this device stops receiving the user's pushes. */
export function removeThisDevice(token?: string) {
  return serial(() => removeNow(token))
}

async function removeNow(token?: string) {
  // nothing to do, and no wait for a service worker, unless push was turned on here
  if (!subscriptionOwner() || !("serviceWorker" in navigator)) return
  const reg = await navigator.serviceWorker.getRegistration()
  const sub = reg ? await reg.pushManager.getSubscription() : null
  if (!sub) return
  await deleteSubscription(sub.endpoint, token).catch(() => {
    // offline: once the browser unsubscribes, the push service answers 410 and the server drops it
  })
  await sub.unsubscribe().catch(() => {})
  setSubscriptionOwner(null)
}
