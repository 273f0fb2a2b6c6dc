// Prerenders at build time, with the same React components the app renders:
// - the landing page (/): landing.html (a second HTML entry, whose only script registers the
//   service worker once the page is idle) gets the markup of the component the app shows at /, so
//   it paints before any JavaScript runs. The server answers / with landing.html
//   (pb_hooks/lib/static-files.js) and so does the service worker (src/sw.ts); inside the app,
//   navigating to / still renders the component itself.
// - /home's first screen before its data (src/app/routes/home.prerender.tsx): home.html, the app's
//   index.html with that markup inside #root. The server answers /home with it and its data
//   (pb_hooks/lib/page-boot.js), the service worker with it as it is; the app's first render
//   replaces it.
import path from "node:path"
import { runnerImport, type Plugin } from "vite"

const MARK = "<!--landing-->"
const ROOT = '<div id="root"></div>'

export function prerenderPages(): Plugin {
  let root = ""
  /** A build-time module of src/app/routes, run in Node. */
  const load = async <T>(file: string) =>
    (
      await runnerImport<T>(path.join(root, "src/app/routes", file), {
        configFile: false,
        root,
        logLevel: "error",
        resolve: { alias: { "@": path.join(root, "src") } },
        oxc: { jsx: { runtime: "automatic" } },
      })
    ).module
  return {
    name: "vitrine:prerender",
    apply: "build",
    configResolved(config) {
      root = config.root
    },
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const page = bundle["landing.html"]
        if (!page || page.type !== "asset") return
        const landing = await load<{ renderLanding: () => string }>("landing.prerender.tsx")
        const html = String(page.source)
        if (!html.includes(MARK)) this.error(`landing.html sem o marcador ${MARK}`)
        page.source = html.replace(MARK, () => landing.renderLanding())

        const index = bundle["index.html"]
        if (!index || index.type !== "asset") return
        const app = String(index.source)
        if (!app.includes(ROOT)) this.error(`index.html sem ${ROOT}`)
        const home = await load<{ renderHome: () => string }>("home.prerender.tsx")
        this.emitFile({
          type: "asset",
          fileName: "home.html",
          source: app.replace(ROOT, () => `<div id="root">${home.renderHome()}</div>`),
        })
      },
    },
  }
}
