// /admin: the six counts, quick links and the last 10 staff actions.
import { Link } from "react-router-dom"
import { Avatar } from "@/components/ui/avatar"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { timeAgo } from "@/lib/time-ago"
import { SOMEONE } from "@/lib/mapping/person"
import { errorMessage } from "@/lib/pocketbase"
import { useAdminStats, type AdminStats } from "../api/get-stats"
import { useModerationLog, type LogEntry } from "../api/get-moderation-log"
import { logSentence } from "./log-sentence"

const cards: Array<{ key: keyof AdminStats; label: string; tone: string }> = [
  { key: "approvedProducts", label: "Produtos aprovados", tone: "text-emerald-700" },
  { key: "pendingProducts", label: "Produtos pendentes", tone: "text-amber-700" },
  { key: "openFlags", label: "Denúncias abertas", tone: "text-red-700" },
  { key: "totalUsers", label: "Usuários", tone: "text-stone-900" },
  { key: "totalVotes", label: "Votos", tone: "text-stone-900" },
  { key: "totalComments", label: "Comentários", tone: "text-stone-900" },
]

export function AdminDashboard() {
  const { isAdmin } = useAuth()
  const { data: stats, isError, error } = useAdminStats()
  const links = [
    { to: paths.adminProducts, label: "Moderar produtos" },
    { to: paths.adminFlags, label: "Revisar denúncias" },
    ...(isAdmin ? [{ to: paths.adminUsers, label: "Gerenciar usuários" }] : []),
  ]
  return (
    <div className="space-y-8">
      <title>Dashboard — Vitrine</title>
      <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">Dashboard</h1>
      {isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {cards.map((c) => (
          <div key={c.key} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-stone-600">{c.label}</dt>
            <dd className={`mt-1 text-3xl font-bold tabular-nums ${c.tone}`}>
              {stats ? stats[c.key] : <span className="inline-block h-8 w-12 animate-pulse rounded bg-stone-200" />}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="atalhos" className="space-y-3">
        <h2 id="atalhos" className="text-lg font-bold text-stone-900">
          Ações rápidas
        </h2>
        <div className="flex flex-wrap gap-2">
          {links.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className="rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
            >
              {l.label}
            </Link>
          ))}
        </div>
      </section>
      <RecentActivity />
    </div>
  )
}

function RecentActivity() {
  const { data, isPending } = useModerationLog()
  return (
    <section aria-labelledby="atividade" className="space-y-3">
      <h2 id="atividade" className="text-lg font-bold text-stone-900">
        Atividade Recente
      </h2>
      {isPending ? (
        <div className="h-24 animate-pulse rounded-2xl bg-stone-100" />
      ) : !data?.length ? (
        <p className="text-sm text-stone-500">Nenhuma ação registrada ainda.</p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
          {data.map((e) => (
            <li key={e.id} className="flex items-start gap-3 px-4 py-3">
              <Avatar name={e.admin?.displayName ?? "?"} src={e.admin?.avatarUrl} size={32} />
              <p className="min-w-0 flex-1 text-sm text-stone-800">
                <strong className="font-semibold">{e.admin?.displayName ?? SOMEONE}</strong> <LogLine entry={e} />
                {e.metadata.reason && e.action === "reject_product" && (
                  <span className="block text-xs text-stone-500">Motivo: {e.metadata.reason}</span>
                )}
                <span className="block text-xs text-stone-500">{timeAgo(e.created)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** An entry's sentence, its target linked to the product or the person it is about. */
function LogLine({ entry }: { entry: LogEntry }) {
  const { text, target, after } = logSentence(entry)
  return (
    <span className="break-words">
      {text}{" "}
      {target &&
        (target.href ? (
          <Link to={target.href} className="font-semibold text-brand-700 hover:underline">
            {target.label}
          </Link>
        ) : (
          <span className="font-semibold">{target.label}</span>
        ))}
      {after}
    </span>
  )
}
