// `npm run bench` after the build: every bench, one after the other, each in its own process, so a
// missed target (exit 1) or a crash in one never hides the others' figures. Prints the machine's
// load with each part and, at the end, which parts met their targets. Exit status: 0 when all
// did, 1 when some missed a target, 2 when some crashed.
import { spawn } from "node:child_process"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const HERE = path.dirname(fileURLToPath(import.meta.url))
const PARTS = [
  ["servidor: listagem, busca, mistura, capacidade", "bench.mjs"],
  ["navegador: bytes na rede, Lighthouse, offline", "bench-app.mjs"],
  ["sincronização da fila", "bench-sync.mjs"],
  ["push", "bench-push.mjs"],
]
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(HERE, script)], { stdio: "inherit" })
    child.on("exit", (code, signal) => resolve(signal ? 2 : (code ?? 2)))
    child.on("error", () => resolve(2))
  })
}

const results = []
for (const [label, script] of PARTS) {
  console.log(`\n=== ${label} (${script}) — carga ${load()} ===`)
  const started = Date.now()
  const code = await run(script)
  results.push([label, code, (Date.now() - started) / 1000])
}
console.log("\n=== resumo ===")
for (const [label, code, secs] of results) {
  const status = code === 0 ? "OK   " : code === 1 ? "FALHA" : "ERRO "
  console.log(`${status} ${label} (${secs.toFixed(0)} s)`)
}
console.log(`Carga da máquina ao final: ${load()}`)
process.exit(results.some(([, c]) => c >= 2) ? 2 : results.some(([, c]) => c === 1) ? 1 : 0)
