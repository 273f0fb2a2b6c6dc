// The route table of spec section 2, in one place. Route modules are lazy so each screen's code
// loads with it; the landing page stays outside the common layout.
import { createBrowserRouter } from "react-router-dom"
import { AppShell } from "@/components/layout/app-shell"

const comingSoon = () => import("./routes/coming-soon").then((m) => ({ Component: m.default }))
const lazy = (load: () => Promise<{ default: React.ComponentType }>) => () =>
  load().then((m) => ({ Component: m.default }))

export const router = createBrowserRouter([
  { path: "/", lazy: lazy(() => import("./routes/landing")) },
  {
    element: <AppShell />,
    children: [
      { path: "/home", lazy: lazy(() => import("./routes/home")) },
      { path: "/products/:slug", lazy: comingSoon },
      { path: "/products/:slug/edit", lazy: comingSoon },
      { path: "/categories/:slug", lazy: comingSoon },
      { path: "/tags/:slug", lazy: comingSoon },
      { path: "/submit", lazy: comingSoon },
      { path: "/notifications", lazy: comingSoon },
      { path: "/profile", lazy: comingSoon },
      { path: "/profile/edit", lazy: comingSoon },
      { path: "/makers/:username", lazy: comingSoon },
      { path: "/auth/login", lazy: comingSoon },
      { path: "/auth/signup", lazy: comingSoon },
      { path: "/auth/callback", lazy: comingSoon },
      { path: "/auth/forgot-password", lazy: comingSoon },
      { path: "/auth/reset-password", lazy: comingSoon },
      { path: "/auth/verify-email", lazy: comingSoon },
      { path: "/admin/*", lazy: comingSoon },
      { path: "*", lazy: lazy(() => import("./routes/not-found")) },
    ],
  },
])
