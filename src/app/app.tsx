import { RouterProvider } from "react-router-dom"
import { AppProvider } from "./provider"
import { router } from "./router"
import { registerServiceWorker } from "./pwa"

registerServiceWorker()

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
