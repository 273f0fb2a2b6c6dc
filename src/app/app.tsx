import type { createBrowserRouter } from "react-router-dom"
import { RouterProvider } from "react-router-dom"
import { AppProvider } from "./provider"
import { registerServiceWorker } from "./pwa"

registerServiceWorker()

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
