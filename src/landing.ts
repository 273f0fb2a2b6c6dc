// The script of the prerendered landing page (landing.html): its styles, the signed-in user's
// 'Ir para a Vitrine', and the service worker,
// registered once the page is idle so the app (and /home) opens fast and offline next time. The
// app's own registration (app/pwa.ts) runs the update flow; this one only installs the worker.
import "./index.css"
import { hasStoredSession, landingCta } from "./lib/stored-session"

// a signed-in user is offered the way in, not a bare 'Entrar'
const cta = document.querySelector("[data-landing-cta]")
if (cta && hasStoredSession()) cta.textContent = landingCta(true)

function register() {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined)
}

const idle = (fn: () => void) =>
  "requestIdleCallback" in window ? window.requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 1000)

if (document.readyState === "complete") idle(register)
else window.addEventListener("load", () => idle(register), { once: true })
