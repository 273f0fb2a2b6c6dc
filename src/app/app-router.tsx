import { useLayoutEffect, useState } from "react"
import type { DataRouter } from "react-router-dom"
import { RouterProvider } from "react-router-dom"

/**
 * The app's RouterProvider, with no navigation lost while the app starts. RouterProvider takes the
 * router's state as it first renders and subscribes once that render is committed. The first render
 * is a transition (main.tsx), rendered in slices and paused while a screen's code loads, so a
 * navigation in between (back or forward tapped as the page starts) moved the address but not the
 * screen. React Router replays such a change to its first subscriber only when it had none, and the
 * app subscribes from the start (watchUserInput). So, once RouterProvider has subscribed (a child's
 * layout effects run before its parent's), a state that changed meanwhile is sent again:
 * revalidating re-emits the router's current state, and with no loaders in the app it loads nothing.
 */
export function AppRouter({ router }: { router: DataRouter }) {
  const [rendered] = useState(() => router.state)
  useLayoutEffect(() => {
    if (router.state !== rendered) void router.revalidate()
  }, [router, rendered])
  return <RouterProvider router={router} />
}
