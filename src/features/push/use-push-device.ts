// The state of push on this device for the signed-in user, and the two actions of the profile
// section. Permission is asked only inside enable(), i.e. after the user taps 'Ativar
// notificações' (the key and the service worker are read beforehand, so the permission prompt is
// the first thing the tap does).
import { useQueryClient } from "@tanstack/react-query"
import { useCallback, useEffect, useState } from "react"
import { errorMessage } from "@/lib/pocketbase"
import { deleteSubscription } from "./api/delete-subscription"
import { usePushConfig } from "./api/get-push-config"
import { pushKeys } from "./api/keys"
import { saveSubscription } from "./api/save-subscription"
import { serial } from "./sync"
import {
  madeWithKey,
  pushSupport,
  registration,
  setSubscriptionOwner,
  subscribe,
  subscriptionOwner,
  type PushSupport,
} from "./device"

export type PushStatus =
  | "checking"
  | Exclude<PushSupport, "supported">
  | "unavailable" // the server has no VAPID key
  | "denied"
  | "off"
  | "on"

const NO_WORKER_MESSAGE = import.meta.env.DEV
  ? "No modo de desenvolvimento (npm run dev) o service worker fica desligado: teste as notificações com npm start."
  : "O app ainda está terminando de carregar. Recarregue a página e tente de novo."

export function usePushDevice(userId: string) {
  const qc = useQueryClient()
  const support = pushSupport()
  const config = usePushConfig(support === "supported")
  const [reg, setReg] = useState<ServiceWorkerRegistration | null | undefined>(undefined)
  // whether this browser holds a current subscription made for this user (null: not known yet)
  const [subscribed, setSubscribed] = useState<boolean | null>(null)
  const [denied, setDenied] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState("")
  const publicKey = config.data?.publicKey

  useEffect(() => {
    if (support !== "supported") return
    let cancelled = false
    void registration().then((r) => !cancelled && setReg(r))
    return () => {
      cancelled = true
    }
  }, [support])

  useEffect(() => {
    if (!publicKey || reg === undefined) return
    let cancelled = false
    void (async () => {
      const sub = reg ? await reg.pushManager.getSubscription() : null
      const mine = !!sub && subscriptionOwner() === userId && madeWithKey(sub, publicKey)
      if (!cancelled) setSubscribed(mine && Notification.permission === "granted")
    })()
    return () => {
      cancelled = true
    }
  }, [publicKey, reg, userId])

  let status: PushStatus
  if (support !== "supported") status = support
  else if (publicKey === undefined || reg === undefined) status = "checking"
  else if (!publicKey) status = "unavailable"
  else if (denied || Notification.permission === "denied") status = "denied"
  else if (subscribed === null) status = "checking"
  else status = subscribed ? "on" : "off"

  const enable = useCallback(async () => {
    setError("")
    setBusy(true)
    try {
      const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission()
      if (permission === "denied") return setDenied(true)
      if (permission !== "granted") {
        return setError(
          "Você não respondeu ao pedido de permissão. Toque em 'Ativar notificações' para tentar de novo.",
        )
      }
      if (!publicKey) return
      const r = reg ?? (await registration())
      if (!r) return setError(NO_WORKER_MESSAGE)
      await serial(async () => {
        let sub = await r.pushManager.getSubscription()
        if (sub && !madeWithKey(sub, publicKey)) {
          await sub.unsubscribe()
          sub = null
        }
        sub ??= await subscribe(r, publicKey)
        await saveSubscription(userId, sub)
        setSubscriptionOwner(userId)
      })
      void qc.invalidateQueries({ queryKey: pushKeys.subscriptions(userId) })
      setSubscribed(true)
    } catch (err) {
      setError(
        err instanceof DOMException && err.name === "AbortError"
          ? "Não foi possível falar com o serviço de notificações do navegador. Verifique sua conexão e tente de novo."
          : errorMessage(err, "Não foi possível ativar as notificações"),
      )
    } finally {
      setBusy(false)
    }
  }, [publicKey, reg, userId, qc])

  const disable = useCallback(async () => {
    setError("")
    setBusy(true)
    try {
      await serial(async () => {
        const sub = reg ? await reg.pushManager.getSubscription() : null
        if (sub) {
          await deleteSubscription(sub.endpoint) // first: offline, nothing changes and we say so
          await sub.unsubscribe()
        }
        setSubscriptionOwner(null)
      })
      void qc.invalidateQueries({ queryKey: pushKeys.subscriptions(userId) })
      setSubscribed(false)
    } catch (err) {
      setError(errorMessage(err, "Não foi possível desativar as notificações"))
    } finally {
      setBusy(false)
    }
  }, [reg, userId, qc])

  return { status, busy, error, enable, disable, configFailed: config.isError }
}
