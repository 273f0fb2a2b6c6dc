// npm test: the one quality gate. typecheck, lint, format check, unit, integration, e2e, in that
// order; every step runs even when an earlier one fails, and the summary says which failed and
// repeats, for each failed step, the report of each failed test (as the reporter printed it, however
// early in the run) and the end of its output (CI logs keep only their tail).
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
// Playwright's line reporter prints a failed test's error as it happens ('  1) [phone] › ...'), far
// above the end of a long run; each such report is kept whole, up to these bounds
const REPORT_LINES = 60
const MAX_REPORTS = 6

/** Collects the failure reports of a run's output, line by line. */
function failureReports() {
  const reports = []
  let current = null
  return {
    reports,
    line(l) {
      if (/^\s+\d+\) \S/.test(l) && reports.length < MAX_REPORTS) {
        current = [l]
        reports.push(current)
      } else if (current && (/^\[\d+\/\d+\] /.test(l) || current.length >= REPORT_LINES)) current = null
      else if (current) current.push(l)
    },
  }
}

function run(cmd) {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", cmd], {
      cwd: ROOT,
      stdio: ["inherit", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0" },
    })
    let tail = []
    const failures = failureReports()
    // stdout and stderr each cut into whole lines (a chunk may end mid-line)
    const keeper = (out) => {
      let partial = ""
      // end: no chunk, the last line however it ends
      return (chunk, end = false) => {
        if (!end) out.write(chunk)
        const lines = (partial + chunk.toString()).split("\n")
        partial = end ? "" : lines.pop()
        for (const l of lines) failures.line(l)
        tail.push(...lines)
        if (tail.length > TAIL_LINES * 4) tail = tail.slice(-TAIL_LINES * 2)
      }
    }
    const fromOut = keeper(process.stdout)
    const fromErr = keeper(process.stderr)
    child.stdout.on("data", fromOut)
    child.stderr.on("data", fromErr)
    child.on("close", (code) => {
      fromOut("", true)
      fromErr("", true)
      resolve({ code, tail: tail.slice(-TAIL_LINES), reports: failures.reports })
    })
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
  results.push({ name, ok: r.code === 0, secs: ((Date.now() - started) / 1000).toFixed(1), ...r })
}
for (const r of results.filter((x) => !x.ok)) {
  for (const report of r.reports) console.log(`\n=== falhou: ${r.name} (relato do teste)\n${report.join("\n")}`)
  console.log(`\n=== falhou: ${r.name} (fim da saída)`)
  console.log(failureLines(r.tail).join("\n"))
}
console.log("\n=== resumo")
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.secs} s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`checks: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
