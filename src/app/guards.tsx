// Route guards (spec section 2). The server enforces every rule again; these only decide what
// to show while the session is checked and where to send visitors who may not see a page.
import type { ReactNode } from "react"
import { Navigate, useLocation } from "react-router-dom"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"

const Waiting = ({ text }: { text: string }) => (
  <p className="py-20 text-center text-stone-600" role="status">
    {text}
  </p>
)

/** Signed-in only: 'Carregando...', then the page or a redirect to /. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth()
  if (status === "loading") return <Waiting text="Carregando..." />
  if (status === "signed-out") return <Navigate to={paths.landing} replace />
  return children
}

/** Product pages: 'Verificando autenticação...', then the page or login with the encoded returnUrl. */
export function RequireAuthWithReturn({ children }: { children: ReactNode }) {
  const { status } = useAuth()
  const location = useLocation()
  if (status === "loading") return <Waiting text="Verificando autenticação..." />
  if (status === "signed-out") return <Navigate to={paths.login(location.pathname + location.search)} replace />
  return children
}

/** Staff (admin or moderator, decisions.md): 'Verificando permissões...', else redirect to /. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { status, roles, isStaff } = useAuth()
  if (status === "loading" || (status === "signed-in" && roles === null))
    return <Waiting text="Verificando permissões..." />
  if (!isStaff) return <Navigate to={paths.landing} replace />
  return children
}
