// Prerenders the landing page (/) at build time: landing.html (a second HTML entry, whose only
// script registers the service worker once the page is idle) gets the markup of the same React
// component the app shows at /, so it paints before any JavaScript runs. The server answers / with
// landing.html (pb_hooks/lib/static-files.js) and so does the service worker (src/sw.ts); inside
// the app, navigating to / still renders the component itself.
import path from "node:path"
import { runnerImport, type Plugin } from "vite"

const MARK = "<!--landing-->"

export function prerenderLanding(): Plugin {
  let root = ""
  return {
    name: "vitrine:prerender-landing",
    apply: "build",
    configResolved(config) {
      root = config.root
    },
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const page = bundle["landing.html"]
        if (!page || page.type !== "asset") return
        const { module } = await runnerImport<{ renderLanding: () => string }>(
          path.join(root, "src/app/routes/landing.prerender.tsx"),
          {
            configFile: false,
            root,
            logLevel: "error",
            resolve: { alias: { "@": path.join(root, "src") } },
            oxc: { jsx: { runtime: "automatic" } },
          },
        )
        const html = String(page.source)
        if (!html.includes(MARK)) this.error(`landing.html sem o marcador ${MARK}`)
        page.source = html.replace(MARK, () => module.renderLanding())
      },
    },
  }
}
