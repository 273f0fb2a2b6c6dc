import { useState } from "react"
import { Link } from "react-router-dom"
import { Button } from "@/components/ui/button"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { useNotifications } from "../api/get-notifications"
import { NotificationRow } from "./notification-row"
import { useOpenNotification } from "./use-open-notification"
import { PillTabs } from "@/components/ui/pill-tabs"
import { OfflineBanner } from "@/components/ui/offline-banner"

const SKELETON_ROWS = 5

/** /notifications: the 50 newest, tabs 'Todas (n)' / 'Não Lidas (n)'. */
export function NotificationsPage() {
  const { user } = useAuth()
  const userId = user?.id ?? ""
  const { data, isPending, isError, fromCache, savedAt } = useNotifications(userId)
  const { open, markAllRead } = useOpenNotification(userId)
  const [tab, setTab] = useState<"all" | "unread">("all")
  const all = data ?? []
  const unread = all.filter((n) => !n.isRead)
  const shown = tab === "all" ? all : unread

  return (
    <div className="mx-auto max-w-3xl">
      <title>Notificações — Vitrine</title>
      <nav aria-label="Trilha" className="mb-4 text-sm text-stone-500">
        <Link to={paths.home} className="hover:text-brand-700">
          Home
        </Link>
        <span className="mx-2">›</span>
        <span className="text-stone-800">Notificações</span>
      </nav>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Suas Notificações</h1>
        {unread.length > 0 && (
          <Button variant="secondary" onClick={() => markAllRead()}>
            Marcar todas como lidas
          </Button>
        )}
      </div>
      <PillTabs
        className="mb-4"
        tabs={[
          ["all", `Todas (${all.length})`],
          ["unread", `Não Lidas (${unread.length})`],
        ]}
        value={tab}
        onChange={setTab}
      />
      {fromCache && <OfflineBanner savedAt={savedAt} />}
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white">
        {isPending ? (
          <ul aria-busy="true" aria-label="Carregando notificações">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li
                key={i}
                className="flex animate-pulse gap-3 border-b border-stone-100 px-4 py-3"
                data-testid="notification-skeleton"
              >
                <span className="size-9 rounded-full bg-stone-200" />
                <span className="flex-1 space-y-2">
                  <span className="block h-4 w-3/4 rounded bg-stone-200" />
                  <span className="block h-3 w-1/4 rounded bg-stone-200" />
                </span>
              </li>
            ))}
          </ul>
        ) : isError && !data ? (
          <Empty
            title="Você está offline"
            text="Não foi possível carregar suas notificações. Elas aparecem aqui quando a conexão voltar."
          />
        ) : shown.length === 0 ? (
          tab === "all" ? (
            <Empty title="Nenhuma notificação ainda" text="Quando alguém interagir com seus produtos, você verá aqui" />
          ) : (
            <Empty title="Você está em dia! 🎉" text="Todas as suas notificações foram lidas" />
          )
        ) : (
          <ul className="divide-y divide-stone-100">
            {shown.map((n) => (
              <li key={n.id}>
                <NotificationRow n={n} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <div className="px-6 py-14 text-center">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-stone-600">{text}</p>
    </div>
  )
}
