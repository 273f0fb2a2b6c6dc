// Build time only (scripts/vite/prerender.ts): /home's first screen as static HTML, in the state
// the app shows before its data (the header without account buttons, the loading placeholders of
// 'Lançamentos de hoje' and of the listing, the heading, the sort tabs). The server sends it inside
// #root of /home (pb_hooks/lib/page-boot.js), so the page paints before any JavaScript runs; the
// app's first render replaces it (createRoot empties #root as it commits). It is inert: a tap or a
// keystroke before the app is up would be lost, so it takes none.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { renderToStaticMarkup } from "react-dom/server"
import { StaticRouter } from "react-router-dom"
import { AuthDialogContext } from "@/components/auth-dialog"
import { AuthUnknown } from "@/lib/auth"
import { ShellLayout } from "../layout/shell-layout"
import Home from "./home"

const noDialogs = { openDialog: () => {} }

export function renderHome(): string {
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <AuthUnknown>
        <AuthDialogContext value={noDialogs}>
          <StaticRouter location="/home">
            <ShellLayout main={<Home />} footer={false} />
          </StaticRouter>
        </AuthDialogContext>
      </AuthUnknown>
    </QueryClientProvider>,
  )
  // the page's <title> is index.html's until the app sets its own
  return `<div inert>${markup.replace(/<title>[^<]*<\/title>/g, "")}</div>`
}
