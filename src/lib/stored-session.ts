// Whether this browser holds a session that has not expired, read straight from the SDK's
// localStorage entry (no SDK needed: the prerendered landing page uses it). Only a hint for what to
// show (e.g. 'Ir para a Vitrine'); the app verifies the session with the server.
const KEY = "pocketbase_auth"

export function hasStoredSession(now = Date.now()): boolean {
  try {
    if (typeof localStorage === "undefined") return false
    const raw = localStorage.getItem(KEY)
    if (!raw) return false
    const token = String((JSON.parse(raw) as { token?: unknown }).token ?? "")
    const part = token.split(".")[1]
    if (!part) return false
    const payload = JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown }
    return typeof payload.exp === "number" && payload.exp * 1000 > now
  } catch {
    return false
  }
}

/** The landing page's way in: 'Entrar' for visitors, 'Ir para a Vitrine' for a signed-in user. */
export const landingCta = (signedIn: boolean) => (signedIn ? "Ir para a Vitrine" : "Entrar")
