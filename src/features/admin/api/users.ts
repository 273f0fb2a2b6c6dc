// 'Usuários' (admins): the list with roles, searched on the server (name, username, e-mail), and
// assigning or revoking roles. Needs the network.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { avatarUrl, type Role } from "@/lib/auth"
import { pb } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export interface AdminUser {
  id: string
  collectionId: string
  display_name: string
  username: string
  email: string
  avatar: string
  created: string
  roles: Role[]
}

interface UsersPage {
  items: AdminUser[]
  page: number
  hasMore: boolean
}

export const userAvatar = (u: AdminUser) => avatarUrl(u)

export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => pb.send<UsersPage>("/api/vitrine/admin/users", { query: { q, page: pageParam } }),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  })
}

export function useChangeRole() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role, grant }: { userId: string; role: Role; grant: boolean }) =>
      grant
        ? pb.send(`/api/vitrine/admin/users/${encodeURIComponent(userId)}/roles`, { method: "POST", body: { role } })
        : pb.send(`/api/vitrine/admin/users/${encodeURIComponent(userId)}/roles/${role}`, { method: "DELETE" }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
