// The staff dashboard's counts, from one server request (GET /api/vitrine/admin/stats). Needs the
// network; kept fresh by use-admin-realtime.ts.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { pb } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export interface AdminStats {
  approvedProducts: number
  pendingProducts: number
  rejectedProducts: number
  totalUsers: number
  totalVotes: number
  totalComments: number
  openFlags: number
}

export const fetchAdminStats = () => pb.send<AdminStats>("/api/vitrine/admin/stats", {})

export const adminStatsQueryOptions = () => queryOptions({ queryKey: adminKeys.stats(), queryFn: fetchAdminStats })

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions())
}
