// 'Atividade Recente': the last 10 staff actions with who did them. Needs the network.
import { useQuery } from "@tanstack/react-query"
import { limits } from "@/config/rules"
import { avatarUrl } from "@/lib/auth"
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
  }
  admin: { displayName: string; avatarUrl: string } | null
}

export function useModerationLog() {
  return useQuery({
    queryKey: adminKeys.log(),
    queryFn: async () =>
      (
        await pb.collection("moderation_log").getList(1, limits.moderationLogLimit, {
          sort: "-created,-id",
          expand: "admin",
        })
      ).items.map((r): LogEntry => {
        const a = r.expand?.admin as RecordModel | undefined
        return {
          id: r.id,
          action: r.action as LogAction,
          created: r.created as string,
          metadata: (r.metadata ?? {}) as LogEntry["metadata"],
          admin: a
            ? {
                displayName: a.display_name as string,
                avatarUrl: avatarUrl({ id: a.id, collectionId: a.collectionId, avatar: a.avatar as string }),
              }
            : null,
        }
      }),
  })
}

const roleName = (role?: string) => (role === "admin" ? "Admin" : "Moderador")
const CHANGED: Record<string, string> = { title: "título", url: "link", images: "imagens" }

/** What an entry says, in Portuguese. */
export function logText(e: LogEntry): string {
  const title = e.metadata.title ? ` “${e.metadata.title}”` : ""
  switch (e.action) {
    case "approve_product":
      return `aprovou o produto${title}`
    case "reject_product":
      return `rejeitou o produto${title}`
    case "resolve_flag":
      return e.metadata.target_type === "comment" ? "removeu um comentário denunciado" : "removeu um produto denunciado"
    case "dismiss_flag":
      return "rejeitou uma denúncia"
    case "assign_role":
      return `atribuiu a role ${roleName(e.metadata.role)} a um usuário`
    case "revoke_role":
      return `removeu a role ${roleName(e.metadata.role)} de um usuário`
    case "edit_product": {
      const what = (e.metadata.changed ?? []).map((c) => CHANGED[c] ?? c).join(", ")
      const was =
        e.metadata.old_title && e.metadata.old_title !== e.metadata.title ? ` (era “${e.metadata.old_title}”)` : ""
      return `editou o produto aprovado${title}${was}: ${what}`
    }
  }
}
