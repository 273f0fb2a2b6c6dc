// npm test: the one quality gate. typecheck, lint, format check, unit, integration, e2e, in that
// order; every step runs even when an earlier one fails, and the summary says which failed.
import { spawnSync } from "node:child_process"
import { ROOT } from "./lib/pb-server.mjs"

const steps = [
  ["typecheck", "npm run -s typecheck"],
  ["lint", "npm run -s lint"],
  ["format", "npm run -s format:check"],
  ["unit", "npx vitest run --project unit"],
  ["integration", "npx vitest run --project integration"],
  ["e2e", "npm run -s test:e2e"],
]
const only = process.argv.slice(2)
const results = []
for (const [name, cmd] of steps) {
  if (only.length && !only.includes(name)) continue
  console.log(`\n=== ${name}: ${cmd}`)
  const started = Date.now()
  const r = spawnSync("sh", ["-c", cmd], { cwd: ROOT, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } })
  results.push({ name, ok: r.status === 0, secs: ((Date.now() - started) / 1000).toFixed(1) })
}
console.log("\n=== resumo")
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.secs} s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`checks: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
