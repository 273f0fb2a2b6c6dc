// The session as the outbox and the auth provider see it, without React. A refresh asks the
// server with the token it started from and stores the answer only if that token is still the
// current one, so a late answer for user A never replaces B's session. When the server says the
// session is dead (401/403/404), it is cleared and remembered as expired, so the app can ask the
// same person to sign in again to send what waits on the device. Offline or without an answer
// the session is kept as it is.
import { ClientResponseError, getTokenPayload, pb, type RecordModel } from "./pocketbase"

export type RefreshResult = "ok" | "dead" | "unreachable"

const EXPIRED_KEY = "vitrine:session-expired"
const REFRESH_TIMEOUT_MS = 8_000

/** The signed-in user's id and a token the server still accepts by its expiry, else null. */
export function currentSession(): { userId: string; token: string } | null {
  const record = pb.authStore.record
  if (!record || !pb.authStore.isValid) return null
  return { userId: record.id, token: pb.authStore.token }
}

/** Seconds until the stored token expires (negative once expired; 0 without a token). */
export function tokenSecondsLeft(): number {
  const token = pb.authStore.token
  if (!token) return 0
  return Number(getTokenPayload(token).exp ?? 0) - Date.now() / 1000
}

let inflight: Promise<RefreshResult> | null = null

/** One refresh of the stored session at a time; see the header for what each answer means. */
export function refreshSession(): Promise<RefreshResult> {
  inflight ??= doRefresh().finally(() => (inflight = null))
  return inflight
}

async function doRefresh(): Promise<RefreshResult> {
  const token = pb.authStore.token
  const userId = pb.authStore.record?.id ?? ""
  if (!token) return "dead"
  try {
    const res = await pb.send<{ token: string; record: RecordModel }>("/api/collections/users/auth-refresh", {
      method: "POST",
      headers: { Authorization: token },
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    })
    // a whole answer without a session for this user is not one to store (nobody else answers so)
    if (typeof res?.token !== "string" || !res.token || res.record?.id !== userId) return "unreachable"
    if (pb.authStore.token === token) pb.authStore.save(res.token, res.record)
    return "ok"
  } catch (err) {
    if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status)) {
      if (pb.authStore.token === token) expireSession(userId)
      return "dead"
    }
    return "unreachable"
  }
}

/** The server no longer takes this session: forget it, and remember whose it was. */
function expireSession(userId: string) {
  try {
    if (userId) localStorage.setItem(EXPIRED_KEY, userId)
  } catch {
    /* private mode: the notice is only shown until reload */
  }
  expired = userId
  pb.authStore.clear()
  expiredListeners.forEach((l) => l())
}

let expired: string | null = null
const expiredListeners = new Set<() => void>()

/** Whose session expired on this device (until someone signs in), or "". */
export function expiredSessionUser(): string {
  if (expired === null) {
    try {
      expired = localStorage.getItem(EXPIRED_KEY) ?? ""
    } catch {
      expired = ""
    }
  }
  return expired
}

export function onExpiredSessionChange(listener: () => void): () => void {
  expiredListeners.add(listener)
  return () => expiredListeners.delete(listener)
}

/** Someone signed in (or chose to sign out): the expired-session notice has done its job. */
export function clearExpiredSession() {
  if (!expiredSessionUser()) return
  expired = ""
  try {
    localStorage.removeItem(EXPIRED_KEY)
  } catch {
    /* nothing stored */
  }
  expiredListeners.forEach((l) => l())
}
