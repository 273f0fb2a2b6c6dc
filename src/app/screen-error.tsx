// What a route shows instead of its screen when the screen cannot be drawn (the router's
// errorElement, src/app/router.tsx), in place of React Router's own page (English, with a stack).
//
// Most often the screen's code could not be fetched: each screen is a chunk of its own, asked for
// when first opened. That fails offline before the service worker holds the app, on a connection
// that drops mid-load, and in a tab left open across a deployment (its chunks' names are gone from
// the server). A reload fixes the last (the new page names the new files), so that error reloads
// the page once by itself; if the same address fails again within RELOAD_WINDOW_MS, or the device
// is offline, the screen says so and offers 'Recarregar'. This module is part of the main bundle:
// a chunk of its own could fail the same way.
import { useEffect, useState } from "react"
import { useRouteError } from "react-router-dom"
import { Button, ButtonLink } from "@/components/ui/button"
import { paths } from "@/config/paths"

const RELOADED_KEY = "vitrine:reloaded-for-code"
const RELOAD_WINDOW_MS = 10_000

/** True for the errors of a module or its CSS that could not be fetched (Chromium, Firefox, Safari, Vite). */
export function isCodeLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "")
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message)
}

const here = () => location.pathname + location.search

/** Whether this address may reload by itself now: not already done in the last RELOAD_WINDOW_MS. */
function mayReload(): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOADED_KEY) ?? "null") as { path: string; at: number } | null
    return !(last && last.path === here() && Date.now() - last.at < RELOAD_WINDOW_MS)
  } catch {
    return false // no storage: no way to tell a second failure from the first, so never by itself
  }
}

/** The page's reload (an object, so a test can watch it: jsdom has no navigation). */
export const page = { reload: () => location.reload() }

export function ScreenError() {
  const error = useRouteError()
  const code = isCodeLoadError(error)
  const [reloading] = useState(() => code && navigator.onLine && mayReload())
  useEffect(() => {
    if (!reloading) return
    sessionStorage.setItem(RELOADED_KEY, JSON.stringify({ path: here(), at: Date.now() }))
    page.reload()
  }, [reloading])
  if (reloading) return null
  const text = !navigator.onLine
    ? "Você está offline e esta página ainda não foi aberta neste aparelho. Tente novamente quando a conexão voltar."
    : code
      ? "A conexão falhou ou o Vitrine foi atualizado. Recarregue a página para continuar."
      : "Algo deu errado ao mostrar esta página. Recarregue para tentar de novo."
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <title>Não foi possível abrir esta página — Vitrine</title>
      <h1 className="text-2xl font-semibold">Não foi possível abrir esta página</h1>
      <p className="mt-3 text-stone-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => page.reload()}>Recarregar</Button>
        <ButtonLink to={paths.home} variant="secondary">
          Voltar para o início
        </ButtonLink>
      </div>
    </div>
  )
}
