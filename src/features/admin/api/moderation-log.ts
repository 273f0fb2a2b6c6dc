// 'Atividade Recente': the last 10 staff actions with who did them. Needs the network.
import { useQuery } from "@tanstack/react-query"
import { paths } from "@/config/paths"
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
    /** the product's page, or the user's name and page, the entry is about */
    slug?: string
    name?: string
    username?: string
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

/** What an entry says, in Portuguese: the words before its target, the target (named and linked
 * when the entry knows it) and anything after. */
export interface LogSentence {
  text: string
  target: { label: string; href: string } | null
  after: string
}

export function logSentence(e: LogEntry): LogSentence {
  const m = e.metadata
  const product = m.title ? { label: `“${m.title}”`, href: m.slug ? paths.product(m.slug) : "" } : null
  const person = m.name ? { label: m.name, href: m.username ? paths.maker(m.username) : "" } : null
  const say = (text: string, target: LogSentence["target"] = null, after = "") => ({ text, target, after })
  switch (e.action) {
    case "approve_product":
      return say("aprovou o produto", product)
    case "reject_product":
      return say("rejeitou o produto", product)
    case "resolve_flag":
      return m.target_type === "comment"
        ? say(product ? "removeu um comentário denunciado em" : "removeu um comentário denunciado", product)
        : say("removeu o produto denunciado", product)
    case "dismiss_flag":
      return say(product ? "rejeitou uma denúncia sobre" : "rejeitou uma denúncia", product)
    case "assign_role":
      return say(`atribuiu a role ${roleName(m.role)} a`, person ?? { label: "um usuário", href: "" })
    case "revoke_role":
      return say(`removeu a role ${roleName(m.role)} de`, person ?? { label: "um usuário", href: "" })
    case "edit_product": {
      const what = (m.changed ?? []).map((c) => CHANGED[c] ?? c).join(", ")
      const was = m.old_title && m.old_title !== m.title ? ` (era “${m.old_title}”)` : ""
      return say("editou o produto aprovado", product, `${was}: ${what}`)
    }
  }
}

/** The whole sentence as text (screen readers, tests). */
export function logText(e: LogEntry): string {
  const s = logSentence(e)
  return [s.text, s.target?.label].filter(Boolean).join(" ") + s.after
}
