// The staff area's frame: a sidebar on wide screens, a bottom bar on phones (one <nav>, restyled),
// with the live pending-products and open-reports badges. 'Usuários' is for admins only.
import { NavLink, Outlet } from "react-router-dom"
import { paths } from "@/config/paths"
import { useAuth } from "@/lib/auth"
import { cn } from "@/lib/cn"
import { useAdminStats } from "../api/get-stats"
import { useAdminRealtime } from "../api/use-admin-realtime"
import { DashboardIcon, FlagIcon, ProductsIcon, UsersIcon } from "@/components/ui/icons"

export function AdminLayout() {
  useAdminRealtime()
  const { isAdmin } = useAuth()
  const { data: stats } = useAdminStats()
  const items = [
    { to: paths.admin, label: "Dashboard", Icon: DashboardIcon, end: true },
    {
      to: paths.adminProducts,
      label: "Produtos",
      Icon: ProductsIcon,
      badge: stats?.pendingProducts ?? 0,
      badgeLabel: "pendentes",
    },
    { to: paths.adminFlags, label: "Denúncias", Icon: FlagIcon, badge: stats?.openFlags ?? 0, badgeLabel: "abertas" },
    ...(isAdmin ? [{ to: paths.adminUsers, label: "Usuários", Icon: UsersIcon }] : []),
  ]
  return (
    <div className="grid gap-6 pb-20 md:grid-cols-[13rem_minmax(0,1fr)] md:pb-0">
      <nav
        aria-label="Administração"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:static md:self-start md:rounded-2xl md:border md:p-2"
      >
        <ul className="grid auto-cols-fr grid-flow-col md:grid-flow-row md:gap-1">
          {items.map(({ to, label, Icon, end, badge, badgeLabel }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                aria-label={badge ? `${label} (${badge} ${badgeLabel})` : label}
                className={({ isActive }) =>
                  cn(
                    "relative flex flex-col items-center gap-0.5 px-2 py-2 text-[11px] font-semibold md:flex-row md:gap-3 md:rounded-xl md:px-3 md:py-2.5 md:text-sm",
                    isActive
                      ? "text-brand-700 md:bg-brand-50"
                      : "text-stone-600 hover:text-stone-900 md:hover:bg-stone-50",
                  )
                }
              >
                <Icon className="size-6 md:size-5" />
                <span>{label}</span>
                {!!badge && (
                  <span
                    data-testid={`badge-${to.split("/").pop()}`}
                    className="absolute top-1 left-1/2 ml-2 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-[11px] leading-5 text-white md:static md:ml-auto"
                  >
                    {badge > 99 ? "99+" : badge}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  )
}
