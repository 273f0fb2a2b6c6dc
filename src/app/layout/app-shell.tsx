import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { Outlet } from "react-router-dom"
import { Footer } from "@/components/layout/footer"
import { useAfterLoad } from "@/lib/after-load"
import { onSignOut, useAuth } from "@/lib/auth"
import { expiredSessionUser, onExpiredSessionChange } from "@/lib/session"
import { Header } from "./header"
import { useNeedRefresh } from "../pwa"
import { removePushOnSignOut } from "../push-sign-out"

const AuthDialogs = lazy(() => import("@/features/auth/components/auth-dialogs"))
const OutboxSync = lazy(() => import("../outbox-sync"))
const UpdatePrompt = lazy(() => import("./update-prompt"))
const SessionExpiredNotice = lazy(() => import("@/features/sync/components/session-expired"))
const PushSync = lazy(() => import("../push-sync"))

/** The common layout of every route but the landing page: header, content, footer, auth dialogs. */
export function AppShell() {
  const { dialog, user } = useAuth()
  const expiredUser = useSyncExternalStore(onExpiredSessionChange, expiredSessionUser, () => "")
  const needRefresh = useNeedRefresh()
  // sending queued writes and renewing the push subscription start once the page is up
  const afterLoad = useAfterLoad()
  useEffect(() => onSignOut(removePushOnSignOut), [])
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {needRefresh && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      {user && afterLoad && (
        <Suspense fallback={null}>
          <OutboxSync key={user.id} />
          <PushSync key={`push-${user.id}`} userId={user.id} />
        </Suspense>
      )}
      {!user && expiredUser && (
        <Suspense fallback={null}>
          <SessionExpiredNotice userId={expiredUser} />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </div>
  )
}
