// Completes package-lock.json with the platform-specific optional packages (other OSes/CPUs) that
// the npm registry reachable here does not serve. npm writes no entry for them, and `npm ci`
// then refuses the lock as "out of sync". Each stub names its os/cpu/libc, so npm skips it on
// every other platform without fetching it. Run after any `npm install` that changes the lock:
//   npm install && node scripts/lock-platforms.mjs
import { execFileSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { ROOT } from "./lib/pb-server.mjs"

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "openharmony", "netbsd", "sunos", "aix"]
const CPU = {
  arm64: "arm64",
  x64: "x64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
}

/** os/cpu/libc of a platform package from its name, e.g. rollup-linux-arm64-musl. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-")
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts.map((p) => CPU[p]).find(Boolean)
  const libc =
    parts.includes("musl") || parts.includes("musleabihf")
      ? "musl"
      : parts.includes("gnu") || parts.includes("gnueabihf")
        ? "glibc"
        : null
  return { os, cpu, libc } // wasm32 packages name no OS: the cpu alone rules them out
}

const lockPath = path.join(ROOT, "package-lock.json")
let missing
try {
  execFileSync("npm", ["ci", "--dry-run", "--ignore-scripts"], { cwd: ROOT, stdio: "pipe" })
  missing = []
} catch (err) {
  missing = [...String(err.stderr).matchAll(/Missing: (.+?)@\S* from lock file/g)].map((m) => m[1])
}
if (!missing.length) {
  console.log("package-lock.json: nada a completar")
  process.exit(0)
}
const lock = JSON.parse(readFileSync(lockPath, "utf8"))
for (const name of missing) {
  const parent = Object.entries(lock.packages).find(([, p]) => p.optionalDependencies?.[name])
  if (!parent) throw new Error(`nenhum pacote declara ${name} como dependência opcional`)
  const [, pkg] = parent
  const { os, cpu, libc } = platformOf(name)
  if (!cpu) throw new Error(`plataforma desconhecida: ${name}`)
  lock.packages[`node_modules/${name}`] = {
    version: pkg.optionalDependencies[name],
    ...(pkg.dev ? { dev: true } : {}),
    optional: true,
    ...(os ? { os: [os] } : {}),
    cpu: [cpu],
    ...(libc ? { libc: [libc] } : {}),
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
)
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n")
console.log(`package-lock.json: ${missing.length} pacotes de outras plataformas registrados`)
