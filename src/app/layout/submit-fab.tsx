// 'Enviar Produto' on phones: the header has no room for it, so a signed-in user gets a floating
// button at the bottom right (a thumb's reach), out of the way on the form itself and on the
// product editor. From sm up the header carries the button.
import { Link, useLocation } from "react-router-dom"
import { PlusIcon } from "@/components/ui/icons"
import { paths } from "@/config/paths"

export function SubmitFab() {
  const { pathname } = useLocation()
  if (pathname === paths.submit || pathname.endsWith("/edit")) return null
  return (
    <Link
      to={paths.submit}
      aria-label="Enviar Produto"
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-20 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-1 ring-brand-700/20 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:hidden"
    >
      <PlusIcon className="size-7" />
    </Link>
  )
}
