// The route table of spec section 2, in one place. Each screen's code loads with it: the routes'
// components are React.lazy, and the server names the route's chunks in the HTML of /home and
// /products/{slug} (modulepreload, pb_hooks/lib/page-boot.js), so they download with the app's code
// instead of after it. Components rather than the router's own `lazy` routes: with no route to load
// before it can match, the router is ready as it is created (no first navigation to run: a third of
// its set-up, ~45 ms under a phone's 4x slower CPU), and the route's code is imported by the first
// render. Navigations are transitions (RouterProvider), so the page on screen stays while the next
// one's code arrives. The landing page stays outside the common layout (and is served prerendered,
// landing.html). A screen that cannot be drawn (most often: its code could not be fetched) shows
// ScreenError under the header; the header failing too, ScreenError alone.
import { lazy, type ComponentType, type ReactNode } from "react"
import { createBrowserRouter, Outlet, type RouteObject } from "react-router-dom"
import { RequireAuth, RequireAuthWithReturn, RequireStaff } from "./guards"
import { AppShell } from "./layout/app-shell"
import { ScreenError } from "./screen-error"

/** A route's screen, imported when it is first rendered. */
const screen = (load: () => Promise<{ default: ComponentType }>) => ({ Component: lazy(load) })

/** Routes drawn only when `Guard` lets them (it shows the sign-in or the refusal otherwise). */
const behind = (Guard: ComponentType<{ children: ReactNode }>, children: RouteObject[]): RouteObject => ({
  element: (
    <Guard>
      <Outlet />
    </Guard>
  ),
  children,
})

/** The app's router. */
export const createAppRouter = () =>
  createBrowserRouter([
    { path: "/", ...screen(() => import("./routes/landing")), errorElement: <ScreenError /> },
    {
      element: <AppShell />,
      errorElement: <ScreenError />,
      children: [{ errorElement: <ScreenError />, children: screens() }],
    },
  ])

/** The routes drawn under the common layout (AppShell). */
const screens = (): RouteObject[] => [
  { path: "/home", ...screen(() => import("./routes/home")) },
  { path: "/categories/:slug", ...screen(() => import("./routes/category")) },
  { path: "/tags/:slug", ...screen(() => import("./routes/tag")) },
  { path: "/makers/:username", ...screen(() => import("./routes/maker")) },
  { path: "/ranking", ...screen(() => import("./routes/ranking")) },
  { path: "/ranking/:day", ...screen(() => import("./routes/ranking-day")) },
  { path: "/auth/login", ...screen(() => import("./routes/auth/login")) },
  { path: "/auth/signup", ...screen(() => import("./routes/auth/signup")) },
  { path: "/auth/callback", ...screen(() => import("./routes/auth/callback")) },
  { path: "/auth/forgot-password", ...screen(() => import("./routes/auth/forgot-password")) },
  { path: "/auth/reset-password", ...screen(() => import("./routes/auth/reset-password")) },
  { path: "/auth/verify-email", ...screen(() => import("./routes/auth/verify-email")) },
  { path: "/privacidade", ...screen(() => import("./routes/privacidade")) },
  behind(RequireAuthWithReturn, [
    { path: "/products/:slug", ...screen(() => import("./routes/product")) },
    // owner and staff only, checked by the server (the page shows its refusal)
    { path: "/products/:slug/stats", ...screen(() => import("./routes/product-stats")) },
  ]),
  behind(RequireAuth, [
    { path: "/products/:slug/edit", ...screen(() => import("./routes/product-edit")) },
    { path: "/submit", ...screen(() => import("./routes/submit")) },
    { path: "/notifications", ...screen(() => import("./routes/notifications")) },
    { path: "/profile", ...screen(() => import("./routes/profile")) },
    { path: "/profile/edit", ...screen(() => import("./routes/profile")) },
  ]),
  behind(RequireStaff, [
    {
      path: "/admin",
      ...screen(() => import("./routes/admin/layout")),
      children: [
        { index: true, ...screen(() => import("./routes/admin/dashboard")) },
        { path: "products", ...screen(() => import("./routes/admin/products")) },
        { path: "flags", ...screen(() => import("./routes/admin/flags")) },
        { path: "users", ...screen(() => import("./routes/admin/users")) },
        { path: "*", ...screen(() => import("./routes/not-found")) },
      ],
    },
  ]),
  { path: "*", ...screen(() => import("./routes/not-found")) },
]
