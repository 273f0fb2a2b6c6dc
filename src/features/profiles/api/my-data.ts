// LGPD self-service (network required): the user's data as a JSON file, and deleting the account
// after confirming the password (the server deletes products, votes and devices, keeps comments as
// 'Usuário removido'). After a deletion nothing of the user stays on this device either.
import { useMutation } from "@tanstack/react-query"
import { db } from "@/lib/db"
import { clearPrivateCopies } from "@/lib/cached-read"
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

export function useDeleteAccount(userId: string) {
  return useMutation({
    mutationFn: async (password: string) => {
      await pb.send("/api/vitrine/me/delete", { method: "POST", body: { password } })
      // the account is gone: its queued writes and private copies go from this device too
      await db.outbox.where("userId").equals(userId).delete()
      await db.drafts.where("userId").equals(userId).delete()
      await clearPrivateCopies(userId)
    },
  })
}
