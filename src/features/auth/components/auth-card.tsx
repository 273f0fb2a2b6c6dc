import type { ReactNode } from "react"

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-6 sm:py-12">
      <title>{`${title} — Vitrine`}</title>
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-stone-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}

/** A text link of the auth screens ('Criar Conta', 'Entrar', 'Esqueci minha senha'). */
export const linkClass = "font-semibold text-brand-700 hover:underline"
