// 'Atividade Recente': the last 10 staff actions with who did them. Needs the network; kept fresh
// by use-admin-realtime.ts. What an entry says is components/log-sentence.ts.
import { queryOptions, useQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { mapPerson, type Person } from "@/lib/mapping/person"
import { pb, type RecordModel } from "@/lib/pocketbase"
import { adminKeys } from "./keys"

export type LogAction =
  | "approve_product"
  | "reject_product"
  | "resolve_flag"
  | "dismiss_flag"
  | "assign_role"
  | "revoke_role"
  | "edit_product"

export interface LogEntry {
  id: string
  action: LogAction
  created: string
  metadata: {
    title?: string
    reason?: string
    role?: string
    target_type?: string
    /** edit_product: what the maker changed after approval */
    changed?: string[]
    old_title?: string
    /** the product's page, or the user's name and page, the entry is about */
    slug?: string
    name?: string
    username?: string
  }
  admin: Person | null
}

function mapLogEntry(r: RecordModel): LogEntry {
  return {
    id: r.id,
    action: r.action as LogAction,
    created: r.created as string,
    metadata: (r.metadata ?? {}) as LogEntry["metadata"],
    admin: mapPerson(r.expand?.admin as RecordModel | undefined),
  }
}

export async function fetchModerationLog(): Promise<LogEntry[]> {
  const page = await pb.collection("moderation_log").getList(1, limits.moderationLogLimit, {
    sort: "-created,-id",
    expand: "admin",
  })
  return page.items.map(mapLogEntry)
}

export const moderationLogQueryOptions = () => queryOptions({ queryKey: adminKeys.log(), queryFn: fetchModerationLog })

export function useModerationLog() {
  return useQuery(moderationLogQueryOptions())
}
