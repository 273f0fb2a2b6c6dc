// The route table of spec section 2, in one place. Route modules are lazy so each screen's code
// loads with it; the server names the route's chunks in the HTML of /home and /products/{slug}
// (modulepreload, pb_hooks/lib/page-boot.js), so they download with the app's code instead of
// after it. The landing page stays outside the common layout (and is served prerendered,
// landing.html).
import type { ComponentType } from "react"
import { createBrowserRouter, Outlet } from "react-router-dom"
import { RequireAuth, RequireAuthWithReturn, RequireStaff } from "./guards"
import { AppShell } from "./layout/app-shell"

const lazy = (load: () => Promise<{ default: ComponentType }>) => () => load().then((m) => ({ Component: m.default }))

/** The app's router (it starts loading the current route's code at once). */
export const createAppRouter = () =>
  createBrowserRouter([
    { path: "/", lazy: lazy(() => import("./routes/landing")) },
    {
      element: <AppShell />,
      children: [
        { path: "/home", lazy: lazy(() => import("./routes/home")) },
        { path: "/categories/:slug", lazy: lazy(() => import("./routes/category")) },
        { path: "/tags/:slug", lazy: lazy(() => import("./routes/tag")) },
        { path: "/makers/:username", lazy: lazy(() => import("./routes/maker")) },
        { path: "/ranking", lazy: lazy(() => import("./routes/ranking")) },
        { path: "/ranking/:day", lazy: lazy(() => import("./routes/ranking-day")) },
        { path: "/auth/login", lazy: lazy(() => import("./routes/auth/login")) },
        { path: "/auth/signup", lazy: lazy(() => import("./routes/auth/signup")) },
        { path: "/auth/callback", lazy: lazy(() => import("./routes/auth/callback")) },
        { path: "/auth/forgot-password", lazy: lazy(() => import("./routes/auth/forgot-password")) },
        { path: "/auth/reset-password", lazy: lazy(() => import("./routes/auth/reset-password")) },
        { path: "/auth/verify-email", lazy: lazy(() => import("./routes/auth/verify-email")) },
        { path: "/privacidade", lazy: lazy(() => import("./routes/privacidade")) },
        {
          element: (
            <RequireAuthWithReturn>
              <Outlet />
            </RequireAuthWithReturn>
          ),
          children: [
            { path: "/products/:slug", lazy: lazy(() => import("./routes/product")) },
            // owner and staff only, checked by the server (the page shows its refusal)
            { path: "/products/:slug/stats", lazy: lazy(() => import("./routes/product-stats")) },
          ],
        },
        {
          element: (
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          ),
          children: [
            { path: "/products/:slug/edit", lazy: lazy(() => import("./routes/product-edit")) },
            { path: "/submit", lazy: lazy(() => import("./routes/submit")) },
            { path: "/notifications", lazy: lazy(() => import("./routes/notifications")) },
            { path: "/profile", lazy: lazy(() => import("./routes/profile")) },
            { path: "/profile/edit", lazy: lazy(() => import("./routes/profile")) },
          ],
        },
        {
          element: (
            <RequireStaff>
              <Outlet />
            </RequireStaff>
          ),
          children: [
            {
              path: "/admin",
              lazy: lazy(() => import("./routes/admin/layout")),
              children: [
                { index: true, lazy: lazy(() => import("./routes/admin/dashboard")) },
                { path: "products", lazy: lazy(() => import("./routes/admin/products")) },
                { path: "flags", lazy: lazy(() => import("./routes/admin/flags")) },
                { path: "users", lazy: lazy(() => import("./routes/admin/users")) },
                { path: "*", lazy: lazy(() => import("./routes/not-found")) },
              ],
            },
          ],
        },
        { path: "*", lazy: lazy(() => import("./routes/not-found")) },
      ],
    },
  ])
