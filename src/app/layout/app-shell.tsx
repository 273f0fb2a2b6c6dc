import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { Outlet, ScrollRestoration } from "react-router-dom"
import { useAuthDialogState } from "@/features/auth/components/auth-dialog-provider"
import { useAfterLoad } from "@/lib/after-load"
import { onSignOut, useAuth } from "@/lib/auth"
import { expiredSessionUser, onExpiredSessionChange } from "@/lib/session"
import { ShellLayout } from "./shell-layout"
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
    <ShellLayout main={<Outlet />} scroll={<ScrollRestoration />}>
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
    </ShellLayout>
  )
}
