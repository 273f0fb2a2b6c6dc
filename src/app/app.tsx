import type { DataRouter } from "react-router-dom"
import { AppRouter } from "./app-router"
import { AppProvider } from "./provider"
import { registerServiceWorker } from "./pwa"

registerServiceWorker()

export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  )
}
