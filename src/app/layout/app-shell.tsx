import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { Outlet, ScrollRestoration } from "react-router-dom"
import { Footer } from "@/components/layout/footer"
import { useAuthDialogState } from "@/features/auth/components/auth-dialog-provider"
import { useAfterLoad } from "@/lib/after-load"
import { onSignOut, useAuth } from "@/lib/auth"
import { expiredSessionUser, onExpiredSessionChange } from "@/lib/session"
import { Header } from "./header"
import { SubmitFab } from "./submit-fab"
import { useNeedRefresh } from "../pwa"
import { removePushOnSignOut } from "../push-sign-out"

const AuthDialogs = lazy(() => import("@/features/auth/components/auth-dialogs"))
const OutboxSync = lazy(() => import("../outbox-sync"))
const UpdatePrompt = lazy(() => import("./update-prompt"))
const SessionExpiredNotice = lazy(() => import("@/features/sync/components/session-expired"))
const PushSync = lazy(() => import("../push-sync"))

/** The common layout of every route but the landing page: header, content, footer, auth dialogs. */
export function AppShell() {
  const { user } = useAuth()
  const { dialog } = useAuthDialogState()
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
      {/* a new page opens at its top; back and forward return to where the user was (a listing keeps
          its loaded pages in the query cache, so the position past 'Carregar mais' comes back too) */}
      <ScrollRestoration />
      <Header />
      <main id="conteudo" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {user && (
        <>
          {/* room below the footer, so the floating button never hides its last line on a phone */}
          <div className="h-20 sm:hidden" aria-hidden="true" />
          <SubmitFab />
        </>
      )}
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
