import type { ReactNode } from "react"
import { Footer } from "@/components/layout/footer"
import { Header } from "./header"

/**
 * The frame of every page but the landing: skip link, header, the page (`main`), footer, then
 * `children` (what floats over the page). Also the frame of /home's prerendered first screen
 * (routes/home.prerender.tsx), which has no footer: it is below the first screen, and its year
 * would be the build's.
 */
export function ShellLayout({
  main,
  scroll,
  footer = true,
  children,
}: {
  main: ReactNode
  scroll?: ReactNode
  footer?: boolean
  children?: ReactNode
}) {
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
      {scroll}
      <Header />
      <main id="conteudo" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        {main}
      </main>
      {footer && <Footer />}
      {children}
    </div>
  )
}
