// LGPD self-service: the user's data as a JSON file, 'vitrine-meus-dados.json' (GET
// /api/vitrine/me/export, the server's JSON as is). Needs the network.
import { useMutation } from "@tanstack/react-query"
import { ClientResponseError, pb, REQUEST_TIMEOUT_MS } from "@/lib/pocketbase"

/** Downloads 'vitrine-meus-dados.json' (the server's JSON as is). */
export async function downloadMyData() {
  const res = await fetch(pb.buildURL("/api/vitrine/me/export"), {
    headers: { Authorization: pb.authStore.token },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((err: unknown) => {
    throw new ClientResponseError(err)
  })
  if (!res.ok) throw new ClientResponseError({ status: res.status, response: await res.json().catch(() => ({})) })
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement("a")
  a.href = url
  a.download = "vitrine-meus-dados.json"
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData })
}
