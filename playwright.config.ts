import { defineConfig, devices } from "@playwright/test"
import { findChromium } from "./scripts/ensure-browser.mjs"

const executablePath = findChromium() ?? undefined

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Guards against a hung test or step, not speed targets: the same suite takes about twice as long
  // on a 2-vCPU Firecracker VM (page faults ~15 us) as on the machine it was written on. There the
  // longest plain tests took 34-38 s (axe on five screens), and the first /home of the run, with two
  // browsers starting beside a cold server, showed its first card after more than 10 s.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" } },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      // staff moderate from their phones: the staff flows run at phone width only
      testIgnore: /admin\.spec\.ts$/,
    },
  ],
})
