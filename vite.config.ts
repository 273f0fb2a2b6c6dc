import { defineConfig } from "vite"
import react from "@vitejs/plugin-react"
import tailwindcss from "@tailwindcss/vite"
import { VitePWA } from "vite-plugin-pwa"
import path from "node:path"

// The app and PocketBase share one origin in production (PocketBase serves dist/ with
// --publicDir). In development Vite proxies /api and /_ to the dev PocketBase.
const pbTarget = process.env.VITE_PB_PROXY ?? "http://127.0.0.1:8090"

export default defineConfig({
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
  ],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: {
    proxy: {
      "/api": { target: pbTarget, changeOrigin: true, ws: false },
      "/_": { target: pbTarget, changeOrigin: true },
    },
  },
  build: { target: "es2022", sourcemap: false },
})
