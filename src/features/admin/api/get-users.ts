// 'Usuários' (admins): the list with roles, searched on the server by name, username or e-mail
// (GET /api/vitrine/admin/users), a page at a time. Needs the network.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query"
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

export const fetchAdminUsers = (q: string, page: number) =>
  pb.send<UsersPage>("/api/vitrine/admin/users", { query: { q, page } })

export const adminUsersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchAdminUsers(q, pageParam),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  })

export function useAdminUsers(q: string) {
  return useInfiniteQuery(adminUsersQueryOptions(q))
}
