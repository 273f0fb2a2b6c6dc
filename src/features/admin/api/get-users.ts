// 'Usuários' (admins): the list with roles, searched on the server by name, username or e-mail
// (GET /api/vitrine/admin/users), a page at a time. Needs the network.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query"
import type { Role } from "@/lib/auth"
import { mapPerson, type Person, type PersonRecord } from "@/lib/mapping/person"
import { pb } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export interface AdminUser extends Person {
  email: string
  created: string
  roles: Role[]
}

interface UsersPageDTO {
  items: Array<PersonRecord & { email: string; created: string; roles: Role[] }>
  page: number
  hasMore: boolean
}

export async function fetchAdminUsers(q: string, page: number) {
  const res = await pb.send<UsersPageDTO>("/api/vitrine/admin/users", { query: { q, page } })
  return {
    ...res,
    items: res.items.map((u): AdminUser => ({ ...mapPerson(u), email: u.email, created: u.created, roles: u.roles })),
  }
}

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
