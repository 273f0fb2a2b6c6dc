import { StrictMode, startTransition } from "react"
import { createRoot } from "react-dom/client"
import "./index.css"
import "./lib/install-prompt" // catches the install offer before React mounts
import { App } from "./app/app"

// The first render as a transition: React renders the app in slices, yielding to the browser
// between them, instead of one long task while the phone is loading the page (a tap then waits
// for the current slice only, not for the whole tree).
const root = createRoot(document.getElementById("root")!)
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
