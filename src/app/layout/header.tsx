import { useLocation } from "react-router-dom"
import { ButtonLink } from "@/components/ui/button"
import { SearchBox } from "@/components/ui/search-box"
import { paths } from "@/config/paths"
import { Logo } from "./logo"

export function Header() {
  const { pathname, search } = useLocation()
  const returnUrl = pathname + search
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <SearchBox className="hidden max-w-md flex-1 md:block" />
        <nav className="ml-auto flex items-center gap-2" aria-label="Conta">
          <ButtonLink to={paths.login(returnUrl)} variant="ghost">
            Entrar
          </ButtonLink>
          <ButtonLink to={paths.signup}>Criar Conta</ButtonLink>
        </nav>
      </div>
      {/* on phones the search box sits below the header bar */}
      <div className="border-t border-stone-100 px-4 py-2 md:hidden">
        <SearchBox />
      </div>
    </header>
  )
}
