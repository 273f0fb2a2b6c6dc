// Build-time Brotli and gzip copies of every text file in the build (x.js -> x.js.br, x.js.gz),
// served by the static route in pb_hooks/lib/static-files.js with the matching Content-Encoding:
// the phone gets compressed bytes without the server spending CPU on every request. Runs last
// (vite-plugin-pwa writes sw.js in its own closeBundle), and keeps a copy only when it is smaller.
// A copy is written after its file, so it is never older: the server ignores a copy older than its
// file (a file changed after the build is served as it is, never a stale copy).
import { readdir, readFile, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import type { Plugin } from "vite"

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (COMPRESSIBLE.test(entry.name)) yield full
  }
}

/** Writes `file`.br and `file`.gz next to each compressible file of `dir`; returns bytes saved. */
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; br: number }> {
  let count = 0
  let raw = 0
  let br = 0
  for await (const file of files(dir)) {
    const body = await readFile(file)
    const [b, g] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ])
    // worth it only when smaller (tiny files grow)
    if (b.length < body.length) await writeFile(`${file}.br`, b)
    if (g.length < body.length) await writeFile(`${file}.gz`, g)
    count += 1
    raw += (await stat(file)).size
    br += Math.min(b.length, body.length)
  }
  return { files: count, raw, br }
}

export function precompress(): Plugin {
  let outDir = ""
  return {
    name: "vitrine:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const r = await precompressDir(outDir)
        this.info(
          `${r.files} arquivos comprimidos: ${(r.raw / 1024).toFixed(0)} KB -> ${(r.br / 1024).toFixed(0)} KB (br)`,
        )
      },
    },
  }
}
