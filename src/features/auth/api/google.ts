// Google sign-in through PocketBase's OAuth2 provider, with a full-page redirect to Google and
// back to /auth/callback (no popup: works in installed apps). The PKCE verifier and state wait in
// sessionStorage meanwhile.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { paths } from "@/config/paths"
import { errorMessage, pb } from "@/lib/pocketbase"
import { authKeys } from "./keys"

const KEY = "vitrine.oauth2"
interface Pending {
  state: string
  codeVerifier: string
  returnUrl: string
}

const redirectUrl = () => `${window.location.origin}${paths.authCallback}`

/** The Google provider when the server has it configured, else null. */
export async function getGoogleProvider() {
  const methods = await pb.collection("users").listAuthMethods()
  return methods.oauth2.enabled ? (methods.oauth2.providers.find((p) => p.name === "google") ?? null) : null
}

/** Asked once per page load: the server's configuration does not change while the app runs. */
export const googleProviderQueryOptions = () =>
  queryOptions({ queryKey: authKeys.googleProvider(), queryFn: getGoogleProvider, staleTime: Infinity })

export function useGoogleProvider() {
  return useQuery(googleProviderQueryOptions())
}

export async function startGoogleSignIn(returnUrl: string) {
  const provider = await getGoogleProvider()
  if (!provider) throw new Error("Login com Google não está configurado neste servidor")
  const pending: Pending = { state: provider.state, codeVerifier: provider.codeVerifier, returnUrl }
  sessionStorage.setItem(KEY, JSON.stringify(pending))
  window.location.assign(provider.authURL + encodeURIComponent(redirectUrl()))
}

/** Finishes the round trip on /auth/callback. Returns where to go next, or throws. */
export async function finishGoogleSignIn(search: URLSearchParams): Promise<string | null> {
  const raw = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  if (search.get("error")) throw new Error(search.get("error_description") || search.get("error") || "")
  const code = search.get("code")
  if (!raw || !code) return null
  const pending = JSON.parse(raw) as Pending
  if (pending.state !== search.get("state")) throw new Error("Estado inválido na resposta do Google")
  try {
    await pb.collection("users").authWithOAuth2Code("google", code, pending.codeVerifier, redirectUrl())
  } catch (err) {
    throw new Error(errorMessage(err), { cause: err })
  }
  return pending.returnUrl
}
