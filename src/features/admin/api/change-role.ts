// Assigning or revoking a staff role (admins; POST /api/vitrine/admin/users/{id}/roles, DELETE
// .../roles/{role}). Needs the network; every staff query is read again after it.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import type { Role } from "@/lib/auth"
import { pb } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export type RoleChange = { userId: string; role: Role; grant: boolean }

export const changeRole = ({ userId, role, grant }: RoleChange) =>
  grant
    ? pb.send(`/api/vitrine/admin/users/${encodeURIComponent(userId)}/roles`, { method: "POST", body: { role } })
    : pb.send(`/api/vitrine/admin/users/${encodeURIComponent(userId)}/roles/${role}`, { method: "DELETE" })

export function useChangeRole() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
