import { lazy, Suspense } from "react"
import { Outlet } from "react-router-dom"
import { Footer } from "@/components/layout/footer"
import { useAuth } from "@/lib/auth"
import { OutboxStatus } from "@/features/sync/components/outbox-status"
import { useOutboxSync } from "../use-outbox-sync"
import { Header } from "./header"

const AuthDialogs = lazy(() => import("@/features/auth/components/auth-dialogs"))

/** The common layout of every route but the landing page: header, content, footer, auth dialogs. */
export function AppShell() {
  const { dialog } = useAuth()
  useOutboxSync()
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <Footer />
      <OutboxStatus />
      {dialog && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </div>
  )
}
