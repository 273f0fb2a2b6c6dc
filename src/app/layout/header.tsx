import { lazy, Suspense } from "react"
import { Link } from "react-router-dom"
import { useAuthDialog } from "@/components/auth-dialog"
import { Button, ButtonLink } from "@/components/ui/button"
import { TrophyIcon } from "@/components/ui/icons"
import { SearchBox } from "@/components/ui/search-box"
import { Logo } from "@/components/layout/logo"
import { paths } from "@/config/paths"
import { useAfterLoad } from "@/lib/after-load"
import { useAuth } from "@/lib/auth"
import { promptInstall, useCanInstall } from "@/lib/install-prompt"
import { IntentMount } from "@/components/ui/intent-mount"
import { ACCOUNT_BUTTON_CLASS, ACCOUNT_BUTTON_LABEL, AccountFace } from "./account-face"

// the bell with its slots filled (the push offer): signed-in users only, off the first route
const NotificationBell = lazy(() => import("./bell"))

const BellPlaceholder = () => <span className="size-9" />
const MenuPlaceholder = () => <span className="size-9 rounded-full bg-stone-200" />

/** The avatar, as a button that loads and opens the account menu (IntentMount). */
function AccountMenu() {
  const { user } = useAuth()
  if (!user) return null
  return (
    <IntentMount
      load={() => import("./user-menu")}
      props={{}}
      label={ACCOUNT_BUTTON_LABEL}
      className={ACCOUNT_BUTTON_CLASS}
      popup="menu"
    >
      <AccountFace user={user} />
    </IntentMount>
  )
}

export function Header() {
  const { status } = useAuth()
  const { openDialog } = useAuthDialog()
  const canInstall = useCanInstall()
  // the menus (Headless UI) load once the page is up: they are not part of its first screen
  const extras = useAfterLoad()
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <Logo />
        {/* the launch ranking: an icon on phones (little room), with its name from sm up */}
        <Link
          to={paths.ranking}
          className="flex items-center gap-1.5 rounded-lg px-1.5 py-2 sm:px-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label="Ranking"
        >
          <TrophyIcon className="size-5" />
          <span className="hidden sm:inline" aria-hidden="true">
            Ranking
          </span>
        </Link>
        <SearchBox className="hidden max-w-md flex-1 md:block" />
        {/* it fills the rest of the bar, right-aligned: 'Instalar app' appearing (whenever the
            browser offers it) moves nothing already on screen */}
        <nav className="flex flex-1 items-center justify-end gap-1 sm:gap-2" aria-label="Conta">
          {/* from sm up: on a phone the bar has no room for it (it squeezed to a column of
              letters and pushed 'Criar Conta' off screen); there the account menu offers it, and
              the browser's own menu */}
          {canInstall && (
            <span className="hidden sm:block">
              <Button variant="ghost" className="px-3 whitespace-nowrap" onClick={() => void promptInstall()}>
                Instalar app
              </Button>
            </span>
          )}
          {status === "signed-in" ? (
            <>
              {/* on phones it lives in the account menu: no room in the bar */}
              <span className="hidden sm:block">
                <ButtonLink to={paths.submit}>Enviar Produto</ButtonLink>
              </span>
              <Suspense fallback={<BellPlaceholder />}>{extras ? <NotificationBell /> : <BellPlaceholder />}</Suspense>
              {extras ? <AccountMenu /> : <MenuPlaceholder />}
            </>
          ) : status === "signed-out" ? (
            <>
              <Button variant="ghost" className="px-2 whitespace-nowrap sm:px-4" onClick={() => openDialog("login")}>
                Entrar
              </Button>
              <Button className="px-3 whitespace-nowrap sm:px-4" onClick={() => openDialog("signup")}>
                Criar Conta
              </Button>
            </>
          ) : null}
        </nav>
      </div>
      {/* on phones the search box sits below the header bar */}
      <div className="border-t border-stone-100 px-4 py-2 md:hidden">
        <SearchBox />
      </div>
    </header>
  )
}
