// Avatar menu of a signed-in user (Headless UI): mounted when the user reaches for the avatar
// (header.tsx, IntentMount); until then a plain button draws the same avatar.
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react"
import { Link, useNavigate } from "react-router-dom"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { promptInstall, useCanInstall } from "@/lib/install-prompt"
import { ACCOUNT_BUTTON_CLASS, ACCOUNT_BUTTON_LABEL, AccountFace } from "./account-face"

const itemClass = "block w-full px-4 py-2 text-left text-sm text-stone-700 data-focus:bg-stone-100"

export default function UserMenu() {
  const { user, isStaff, signOut } = useAuth()
  const navigate = useNavigate()
  const canInstall = useCanInstall()
  if (!user) return null
  return (
    <Menu as="div" className="relative">
      <MenuButton className={ACCOUNT_BUTTON_CLASS} aria-label={ACCOUNT_BUTTON_LABEL}>
        <AccountFace user={user} />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-2 w-56 rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200 focus:outline-none"
      >
        <div className="border-b border-stone-100 px-4 py-2">
          <p className="truncate text-sm font-semibold">{user.display_name}</p>
          <p className="truncate text-xs text-stone-500">@{user.username}</p>
        </div>
        <MenuItem>
          <Link to={paths.submit} className={`${itemClass} sm:hidden`}>
            Enviar Produto
          </Link>
        </MenuItem>
        {canInstall && (
          // on phones only: from sm up the header bar has the button
          <MenuItem>
            <button type="button" className={`${itemClass} sm:hidden`} onClick={() => void promptInstall()}>
              Instalar app
            </button>
          </MenuItem>
        )}
        <MenuItem>
          <Link to={paths.profile} className={itemClass}>
            Meu Perfil
          </Link>
        </MenuItem>
        {isStaff && (
          <MenuItem>
            <Link to={paths.admin} className={itemClass}>
              Painel Admin
            </Link>
          </MenuItem>
        )}
        <MenuItem>
          <button
            type="button"
            className={itemClass}
            onClick={async () => {
              await signOut()
              navigate(paths.home)
            }}
          >
            Sair
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
