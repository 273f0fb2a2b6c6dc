// npm test: the one quality gate. typecheck, lint, format check, unit, integration, e2e, in that
// order; every step runs even when an earlier one fails, and the summary says which failed and
// repeats the end of each failed step's output (CI logs keep only their tail).
import { spawn } from "node:child_process"
import { ROOT } from "./lib/pb-server.mjs"

const steps = [
  ["typecheck", "npm run -s typecheck"],
  ["lint", "npm run -s lint"],
  ["format", "npm run -s format:check"],
  ["unit", "npx vitest run --project unit --project components"],
  ["integration", "npx vitest run --project integration"],
  ["e2e", "npm run -s test:e2e"],
]
const TAIL_LINES = 120

function run(cmd) {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", cmd], {
      cwd: ROOT,
      stdio: ["inherit", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0" },
    })
    let tail = []
    const keep = (chunk) => {
      tail.push(...chunk.toString().split("\n"))
      if (tail.length > TAIL_LINES * 4) tail = tail.slice(-TAIL_LINES * 2)
    }
    child.stdout.on("data", (c) => (process.stdout.write(c), keep(c)))
    child.stderr.on("data", (c) => (process.stderr.write(c), keep(c)))
    child.on("close", (code) => resolve({ code, tail: tail.slice(-TAIL_LINES) }))
  })
}

// a failing test's details sit above the summary lines; keep the ones that name the test and the
// assertion, so that a log cut to its last lines still says what failed
const failureLines = (tail) =>
  tail.filter((l) => /FAIL|×|✘|\d+\) |Error|rror:|xpected|eceived|Timed out|timeout|failed/.test(l)).slice(-40)

const only = process.argv.slice(2)
const results = []
for (const [name, cmd] of steps) {
  if (only.length && !only.includes(name)) continue
  console.log(`\n=== ${name}: ${cmd}`)
  const started = Date.now()
  const r = await run(cmd)
  results.push({ name, ok: r.code === 0, secs: ((Date.now() - started) / 1000).toFixed(1), tail: r.tail })
}
for (const r of results.filter((x) => !x.ok)) {
  console.log(`\n=== falhou: ${r.name} (fim da saída)`)
  console.log(failureLines(r.tail).join("\n"))
}
console.log("\n=== resumo")
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.secs} s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`checks: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
