// What a moderation log entry says, in Portuguese: the words before its target, the target (named
// and linked when the entry knows it) and anything after. Pure: the dashboard renders it.
import { paths } from "@/config/paths"
import type { LogEntry } from "../api/get-moderation-log"

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
