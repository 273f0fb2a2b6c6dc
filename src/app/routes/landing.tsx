import { Link } from "react-router-dom"
import { ButtonLink } from "@/components/ui/button"
import { paths } from "@/config/paths"
import { hasStoredSession, landingCta } from "@/lib/stored-session"

export default function Landing() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-brand-50 via-white to-orange-50">
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-6 py-16 text-center">
        <img src="/favicon.svg" alt="" className="mb-8 size-16" width={64} height={64} />
        <h1 className="text-4xl font-extrabold tracking-tight text-stone-900 sm:text-6xl">
          Mostre ao mundo o que você{" "}
          <span className="bg-gradient-to-r from-brand-600 to-accent-500 bg-clip-text text-transparent">construiu</span>
        </h1>
        <p className="mt-6 max-w-xl text-lg text-stone-600">
          A Vitrine é o Product Hunt da comunidade: descubra, vote e comente produtos criados com IA e ferramentas
          no-code.
        </p>
        {/* prerendered as 'Entrar'; a signed-in user sees the way in (landing.ts changes the text) */}
        <ButtonLink to={paths.home} className="mt-10 px-8 py-3 text-base" data-landing-cta="">
          {landingCta(typeof window !== "undefined" && hasStoredSession())}
        </ButtonLink>
      </main>
      <footer className="flex flex-col items-center gap-3 px-6 pb-8 text-sm text-stone-500">
        <p>
          Feito com carinho pela comunidade Vitrine · © 2025 ·{" "}
          <Link to={paths.home} className="underline hover:text-brand-700">
            Explorar produtos
          </Link>
        </p>
        <a
          href="https://lovable.dev"
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded-full bg-stone-900 px-3 py-1 text-xs font-medium text-white hover:bg-stone-700"
        >
          Built with Lovable
        </a>
      </footer>
    </div>
  )
}
