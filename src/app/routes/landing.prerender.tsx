// Build time only (scripts/vite/prerender.ts): the landing page as static HTML.
import { renderToStaticMarkup } from "react-dom/server"
import { StaticRouter } from "react-router-dom"
import Landing from "./landing"

export function renderLanding(): string {
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <Landing />
    </StaticRouter>,
  )
}
