import { StrictMode, startTransition } from "react"
import { createRoot } from "react-dom/client"
import "./index.css"
import "./lib/install-prompt" // catches the install offer before React mounts
import { App } from "./app/app"
import { createAppRouter } from "./app/router"
import { watchUserInput } from "./lib/user-input"
import { yieldToMain } from "./lib/yield-to-main"

// The start in three tasks, not one: evaluating the app's modules, setting up the router (which
// starts loading the route's code), then the first render. Under a phone's CPU each used to add to
// one task of 250-300 ms as the page loaded, during which a tap waited.
// The first render is a transition: React renders the app in slices, yielding to the browser
// between them (a tap then waits for the current slice only, not for the whole tree).
async function start() {
  await yieldToMain()
  const router = createAppRouter()
  watchUserInput(router)
  await yieldToMain()
  // /home comes with its first screen prerendered inside #root (home.html): it stays on screen
  // until this first render commits, which empties #root and puts the app in its place
  const root = createRoot(document.getElementById("root")!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  )
}
void start()
