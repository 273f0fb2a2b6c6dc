// LGPD self-service: deleting the account after confirming the password (POST
// /api/vitrine/me/delete; the server deletes products, votes and devices, keeps comments as
// 'Usuário removido'). After a deletion nothing of the user stays on this device either. Needs the
// network.
import { useMutation } from "@tanstack/react-query"
import { clearPrivateCopies } from "@/lib/cached-read"
import { db } from "@/lib/db"
import { pb } from "@/lib/pocketbase"

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
