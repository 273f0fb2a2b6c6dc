import { defineConfig } from "vitest/config"
import react from "@vitejs/plugin-react"
import path from "node:path"

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // the app's modules, and the hooks' pure modules (tests/unit: no server needed)
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["fake-indexeddb/auto"],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          // screen parts as their user sees them (Testing Library in jsdom); src/test/harness.tsx
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["fake-indexeddb/auto"],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/unit/**"],
          environment: "node",
          // each file starts its own PocketBase on a free port with a temp data dir
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
