// `npm run bench`, Lighthouse part (used by scripts/bench-app.mjs): Lighthouse 12 with its mobile
// preset in a fresh Chromium profile per run (a signed-in page gets the session in localStorage
// first, through puppeteer, and Lighthouse keeps that storage), BENCH_LIGHTHOUSE_RUNS runs (3 by
// default), medians of the scores and metrics. BENCH_LH_DUMP=<dir> keeps each report in <dir>.
// `cpuSlowdownMultiplier`: the mobile preset's 4x unless given (see calibratedMultiplier).
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import * as lighthouseConstants from "lighthouse/core/config/constants.js"
import puppeteer from "puppeteer-core"
import { findChromium } from "../ensure-browser.mjs"

export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)
const LIGHTHOUSE_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Lighthouse's mobile preset (Slow 4G simulated, 4x slower CPU), with another CPU slowdown. */
const mobileThrottling = (cpuSlowdownMultiplier) => ({
  ...lighthouseConstants.throttling.mobileSlow4G,
  cpuSlowdownMultiplier,
})

/**
 * The CPU slowdown that makes this host's simulated phone the preset's: its 4x assumes a host
 * of benchmarkIndex 1500-2000 (docs/throttling.md, "Calibrating the CPU slowdown"), so a host
 * twice as fast as 1750 needs 8x for the same phone, one slower needs less.
 */
export const REFERENCE_BENCHMARK_INDEX = 1750
export const calibratedMultiplier = (benchmarkIndex) =>
  Math.round(((4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX) * 10) / 10

/** One Lighthouse run in a fresh Chromium profile (with `session` in its localStorage). */
async function lighthouseOnce(url, session, cpuSlowdownMultiplier) {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium() ?? undefined, chromeFlags: LIGHTHOUSE_FLAGS })
  let browser = null
  try {
    let page
    if (session) {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
      page = await browser.newPage()
      await page.goto(new URL("/robots.txt", url).href)
      await page.evaluate((value) => localStorage.setItem("pocketbase_auth", value), JSON.stringify(session))
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        disableStorageReset: !!session,
        ...(cpuSlowdownMultiplier ? { throttling: mobileThrottling(cpuSlowdownMultiplier) } : {}),
      },
      undefined,
      page,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    if (process.env.BENCH_LH_DUMP)
      (await import("node:fs")).writeFileSync(
        `${process.env.BENCH_LH_DUMP}/lh-${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`,
        JSON.stringify(lhr),
      )
    return lhr
  } finally {
    if (browser) await browser.disconnect().catch(() => undefined)
    await chrome.kill()
  }
}

/** `LIGHTHOUSE_RUNS` runs of `url`: median scores and metrics, and every failed accessibility audit. */
export async function lighthouseMedian(url, session, cpuSlowdownMultiplier) {
  const runs = []
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseOnce(url, session, cpuSlowdownMultiplier))
  const metric = (id) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN))
  const script = (r) =>
    (r.audits["resource-summary"]?.details?.items ?? []).find((i) => i.resourceType === "script")?.transferSize ?? 0
  return {
    performance: median(runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100))),
    accessibility: median(runs.map((r) => Math.round((r.categories.accessibility.score ?? 0) * 100))),
    scores: runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    js: median(runs.map(script)),
    // Lighthouse's measure of the host's CPU (docs/throttling.md: its 4x slowdown assumes a
    // high-end desktop, 1500-2000) and its own warnings, such as the one for an underpowered host
    benchmarkIndex: median(runs.map((r) => r.environment?.benchmarkIndex ?? NaN)),
    warnings: [...new Set(runs.flatMap((r) => (r.runWarnings ?? []).map(String)))],
    failedA11y: [
      ...new Set(
        runs.flatMap((r) =>
          Object.values(r.audits)
            .filter((a) => a.score === 0 && r.categories.accessibility.auditRefs.some((ref) => ref.id === a.id))
            .map((a) => a.id),
        ),
      ),
    ],
  }
}
