// npm run restore FILE: replaces the data dir (DATA_DIR) with the content of a backup made by
// `npm run backup` (or by PocketBase's scheduled backups). The server must be stopped; the current
// data dir is kept beside it (DATA_DIR.antes-de-<time>) until you delete it.
import "./lib/load-env.mjs"
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs"
import path from "node:path"
import { ROOT } from "./lib/pb-server.mjs"
import { unzipTo } from "./lib/unzip.mjs"

export async function restore({ file, dataDir, port }) {
  const running = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  )
  if (running) throw new Error(`o servidor está no ar na porta ${port}: pare-o antes de restaurar`)
  const staging = mkdtempSync(`${dataDir}.restaurando-`)
  try {
    const names = unzipTo(readFileSync(file), staging)
    if (!names.includes("data.db")) throw new Error("o arquivo não é um backup do Vitrine (falta data.db)")
    let kept = ""
    if (existsSync(dataDir)) {
      kept = `${dataDir}.antes-de-${new Date().toISOString().replace(/[:.]/g, "-")}`
      renameSync(dataDir, kept)
    }
    renameSync(staging, dataDir)
    return { files: names.length, kept }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true })
    throw err
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2]
  if (!file) {
    console.error("Uso: npm run restore ARQUIVO.zip")
    process.exit(2)
  }
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR || "pb_data")
  try {
    const { files, kept } = await restore({ file: path.resolve(file), dataDir, port: Number(process.env.PORT || 8090) })
    console.log(`Restaurado: ${files} arquivos em ${dataDir}.`)
    if (kept) console.log(`O diretório anterior ficou em ${kept} (apague quando não precisar mais).`)
  } catch (err) {
    console.error(`Não foi possível restaurar: ${err.message}`)
    process.exit(1)
  }
}
