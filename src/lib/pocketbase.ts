// The one PocketBase client. Auth lives in localStorage (SDK LocalAuthStore, synced across tabs).
// Requests are never auto-cancelled: parallel identical reads are legitimate here. Every request
// gives up after REQUEST_TIMEOUT_MS (lie-fi: connected, no answer), as a network error, so callers
// fall back to their saved copies or queue the write (uploads go through XHR, with no limit).
import PocketBase, { ClientResponseError, getTokenPayload, type RecordModel } from "pocketbase"
import { env } from "@/config/env"
import { looksEnglish, portugueseFieldError, portugueseMessage } from "./pb-errors"
import { yieldToMain } from "./yield-to-main"

export const pb = new PocketBase(env.apiUrl)
pb.autoCancellation(false)

/** The longest any API request may take before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 20_000

/**
 * Answers whose body was cut short: the connection dropped, or the page was left, while it arrived.
 * The SDK reads every answer's JSON and takes any failure to read it as an empty body, so such a
 * 200 came back as {}: a session refresh then stored an empty session (the user was signed out
 * as a page opened right after another) and a sign-in said it had worked. A body that is not JSON
 * (a 204's nothing) fails with a SyntaxError, a body that never arrived whole with anything else.
 * An answer about the session that is not JSON at all is not PocketBase's either (a captive
 * portal's or a proxy's page): its 404 or 401 would otherwise end the session.
 */
const cutShort = new WeakSet<Response>()
const SESSION_ANSWER = /\/api\/collections\/[^/]+\/auth-(refresh|with-password|with-oauth2|with-otp)(\?|$)/

async function fetchWholeBody(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // each request starts in a task of its own: a page's first render starts half a dozen (the
  // session check, the view, the queries), all from one commit's effects, and starting a request
  // is not free on a phone (see yield-to-main.ts). Not a keepalive one: it must be on its way
  // within the gesture that sent it ('Visitar Site' opens the site in that same click)
  if (!init?.keepalive) await yieldToMain()
  const response = await fetch(input, init)
  const json = response.json.bind(response)
  response.json = () =>
    json().catch((err: unknown) => {
      if (!(err instanceof SyntaxError) || SESSION_ANSWER.test(response.url || String(input))) cutShort.add(response)
      throw err
    })
  return response
}

pb.beforeSend = (url, options) => {
  if (!options.signal && typeof AbortSignal !== "undefined" && "timeout" in AbortSignal)
    options.signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  options.fetch ??= fetchWholeBody
  return { url, options }
}

// an answer cut short fails as the network failure it is (isNetworkError), and is used for nothing
pb.afterSend = (response, data) => {
  if (cutShort.has(response)) throw new TypeError("Failed to fetch: the answer was cut short")
  return data
}

export { ClientResponseError, getTokenPayload }
export type { RecordModel }

/** True when a request failed because the network (not the server) failed. */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof ClientResponseError) return err.status === 0 && !err.isAbort
  // a bare fetch (not through the SDK) that could not connect; any other TypeError is a bug
  return err instanceof TypeError && /fetch|network|load failed/i.test(err.message)
}

/**
 * A Portuguese message for a failed request: the first field message the server gave (hooks
 * answer in Portuguese), else its message, without the trailing period PocketBase appends.
 */
export function errorMessage(err: unknown, fallback = "Tente novamente mais tarde"): string {
  if (isNetworkError(err)) return "Sem conexão com o servidor. Verifique sua internet e tente novamente."
  if (err instanceof ClientResponseError) {
    const data = (err.response?.data ?? {}) as Record<string, { code?: string; message?: string }>
    const first = Object.values(data).find((v) => v && (typeof v.message === "string" || v.code))
    const field = first ? portugueseFieldError(first) : ""
    if (field) return field
    // the server's own Portuguese (hooks, our 429s) as is; PocketBase's English mapped or replaced
    const message = (err.message || "").trim().replace(/\.$/, "")
    if (err.status === 429 && (!message || message === "Too Many Requests"))
      return "Muitas tentativas. Aguarde um minuto e tente novamente"
    return portugueseMessage(message) || (message && !looksEnglish(message) ? message : fallback)
  }
  return err instanceof Error && err.message ? err.message : fallback
}

/**
 * URL of a stored file, optionally a generated thumbnail (e.g. "640x480"). Pictures of a product in
 * review are served to its owner and staff only: pass a file token (fileToken()) for those.
 */
export function fileUrl(
  record: { collectionId: string; id: string },
  filename: string,
  thumb?: string,
  token?: string,
): string {
  if (!filename) return ""
  const query: Record<string, string> = {}
  if (thumb) query.thumb = thumb
  if (token) query.token = token
  return pb.files.getURL(record as RecordModel, filename, query)
}

let cachedToken: { token: string; until: number } | null = null
const FILE_TOKEN_MS = 120_000 // PocketBase's file tokens last 3 minutes

/** A short-lived file token of the signed-in user ("" signed out or offline). */
export async function fileToken(): Promise<string> {
  if (!pb.authStore.isValid) return ""
  if (cachedToken && cachedToken.until > Date.now()) return cachedToken.token
  try {
    cachedToken = { token: await pb.files.getToken(), until: Date.now() + FILE_TOKEN_MS }
    return cachedToken.token
  } catch {
    return ""
  }
}
