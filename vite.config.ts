import { defineConfig } from "vite"
import react from "@vitejs/plugin-react"
import tailwindcss from "@tailwindcss/vite"
import { VitePWA } from "vite-plugin-pwa"
import path from "node:path"
import { precompress } from "./scripts/vite/precompress"
import { prerenderPages } from "./scripts/vite/prerender"

// The app and PocketBase share one origin in production (the static route in pb_hooks serves dist/
// with its precompressed copies). In development Vite proxies /api and /_ to the dev PocketBase.
// Two HTML entries: index.html (the app) and landing.html (/ prerendered, scripts/vite/prerender.ts),
// plus home.html (index.html with /home's first screen prerendered, by the same plugin).
const reactRouterProd = (file: string) =>
  path.resolve(import.meta.dirname, "node_modules/react-router/dist/production", file)

const pbTarget = process.env.VITE_PB_PROXY ?? "http://127.0.0.1:8090"

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webp,woff2}"],
        maximumFileSizeToCacheInBytes: 1_500_000,
      },
      devOptions: { enabled: false },
      manifest: {
        id: "/",
        name: "Vitrine — produtos da comunidade",
        short_name: "Vitrine",
        description: "Descubra, vote e comente produtos criados pela comunidade com IA e no-code.",
        lang: "pt-BR",
        start_url: "/home",
        scope: "/",
        display: "standalone",
        theme_color: "#e11d48",
        background_color: "#fff7f5",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
        // richer install dialog; not precached (only the install UI uses them)
        screenshots: [
          {
            src: "/screenshots/home-narrow.jpg",
            sizes: "780x1688",
            type: "image/jpeg",
            form_factor: "narrow",
            label: "A vitrine de produtos no celular",
          },
          {
            src: "/screenshots/home-wide.jpg",
            sizes: "1280x800",
            type: "image/jpeg",
            form_factor: "wide",
            label: "A vitrine de produtos no computador",
          },
        ],
      },
    }),
    prerenderPages(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "src") },
      // React Router's package exports only its development build (its warnings and extra
      // checks run on every phone); its framework plugin swaps in the production build, which a
      // library-mode app like this one has to name itself
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: reactRouterProd("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProd("dom-export.mjs") },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      "/api": { target: pbTarget, changeOrigin: true, ws: false },
      "/_": { target: pbTarget, changeOrigin: true },
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    // every browser the app supports preloads modules itself
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks a route needs (the server preloads them, lib/page-boot.js)
    manifest: true,
    rolldownOptions: {
      input: {
        main: path.resolve(import.meta.dirname, "index.html"),
        landing: path.resolve(import.meta.dirname, "landing.html"),
      },
      output: {
        // Everything the first screen needs in one file, not a dozen small shared chunks
        // (each one more request before the app starts); lazy screens import from it.
        codeSplitting: {
          groups: [
            {
              name: "main",
              tags: ["$initial"],
              // the landing page's script and what it shares with the app stay out of it: the
              // landing would otherwise preload the whole app before its first paint
              test: (id: string) => !/[\\/]landing\.(html|ts)$|[\\/]lib[\\/]stored-session\.ts$|\.css$/.test(id),
              includeDependenciesRecursively: false,
              priority: 5,
            },
            // the product cards and rows and their listing (home, categories, tags, makers, related
            // products, the ranking), with the data hooks and mappings the lazy screens use (one
            // file, not a dozen of 1-2 KB, each a request of its own on a phone's first visit) and the cards' icons (not TanStack Virtual:
            // Headless UI's Combobox brings it, it goes with Headless UI)
            {
              name: "listing",
              test: /[\\/]node_modules[\\/](@tanstack[\\/](?!react-virtual|virtual-core)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](eye|image|message-circle|mouse-pointer-click)\.mjs$)|[\\/]pb_hooks[\\/]lib[\\/]images\.json$|[\\/]src[\\/](config[\\/]images|lib[\\/](boot|numbers|use-media|mapping[\\/](person|product-card))|components[\\/]ui[\\/](badge|avatar|offline-banner-later)|features[\\/]products[\\/](api[\\/](get-products|get-facets|get-ranking|cursor-pages|keys|map-product)|components[\\/](product-card|product-row|card-vote|cover|product-href|feed-density|count-text|product-grid|product-listing|product-not-found|sort-tabs|listing-params)))\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 4,
            },
            // 'há 5 minutos' in Portuguese (comments, notifications, the offline banner, the stats);
            // the dates a page shows come from Intl (src/lib/dates.ts), not from here
            {
              name: "dates",
              test: /[\\/]node_modules[\\/]date-fns[\\/]|[\\/]src[\\/]lib[\\/]time-ago\.ts$/,
              // not lib/dates.ts, which time-ago.ts imports: a page that shows dates needs no date-fns
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // the offline store (IndexedDB, Dexie): loaded once the page is up
            { name: "db", test: /[\\/]node_modules[\\/]dexie|[\\/]src[\\/]lib[\\/]db\.ts$/, priority: 2 },
            // Headless UI (menus, dialogs, popovers): one file, loaded the first time one opens
            {
              name: "headless",
              test: /[\\/]node_modules[\\/](@headlessui|@floating-ui|@react-aria|react-aria|@swc|tabbable|use-sync-external-store|@tanstack[\\/](react-virtual|virtual-core))[\\/]|[\\/]src[\\/]components[\\/]ui[\\/](dialog|confirm-dialog)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}))
