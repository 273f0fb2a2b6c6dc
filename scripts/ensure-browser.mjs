// Makes sure a Chromium exists for the e2e tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or
// a Playwright-managed browser. When none is there: apt-get install chromium (as root), else
// `playwright install chromium`; when neither works, say exactly what to run.
import { execSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { chromium } from "@playwright/test"

export function findChromium() {
  for (const p of [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (p && existsSync(p)) return p
  }
  try {
    const managed = chromium.executablePath()
    if (managed && existsSync(managed)) return managed
  } catch {
    /* no managed browser */
  }
  return null
}

function tryRun(cmd) {
  console.log(`$ ${cmd}`)
  return spawnSync("sh", ["-c", cmd], { stdio: "inherit" }).status === 0
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (findChromium()) process.exit(0)
  console.log("Nenhum Chromium encontrado; instalando um para os testes e2e...")
  const isRoot = process.getuid?.() === 0
  const hasApt = (() => {
    try {
      execSync("command -v apt-get", { stdio: "ignore" })
      return true
    } catch {
      return false
    }
  })()
  if (hasApt && isRoot) {
    tryRun("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null")
  }
  if (!findChromium()) tryRun("npx playwright install chromium")
  if (!findChromium()) {
    console.error(
      "Não foi possível obter um Chromium. Instale um e rode de novo:\n" +
        "  sudo apt-get install chromium      (Debian/Ubuntu)\n" +
        "  ou: npx playwright install chromium\n" +
        "  ou: CHROMIUM_PATH=/caminho/do/chrome npm test",
    )
    process.exit(1)
  }
}
