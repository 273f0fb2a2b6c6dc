import { Outlet } from "react-router-dom"
import { Footer } from "./footer"
import { Header } from "./header"

/** The common layout of every route but the landing page. */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <Footer />
    </div>
  )
}
