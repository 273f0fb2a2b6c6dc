// A small zip reader for PocketBase's backups (stored or deflated entries, no zip64): lists the
// central directory and writes every file under a target directory. Refuses entries that would
// land outside it.
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { inflateRawSync } from "node:zlib"

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/** Writes every entry of the zip `buf` under `dir`; returns the entry names. */
export function unzipTo(buf, dir) {
  let eocd = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw new Error("arquivo de backup inválido (não é um zip)")
  const count = buf.readUInt16LE(eocd + 10)
  let at = buf.readUInt32LE(eocd + 16)
  const root = path.resolve(dir)
  const names = []
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== CENTRAL) throw new Error("diretório do zip corrompido")
    const method = buf.readUInt16LE(at + 10)
    const compressed = buf.readUInt32LE(at + 20)
    const nameLen = buf.readUInt16LE(at + 28)
    const extraLen = buf.readUInt16LE(at + 30)
    const commentLen = buf.readUInt16LE(at + 32)
    const localAt = buf.readUInt32LE(at + 42)
    const name = buf.toString("utf8", at + 46, at + 46 + nameLen)
    at += 46 + nameLen + extraLen + commentLen

    const target = path.resolve(root, name)
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`entrada fora do diretório: ${name}`)
    if (name.endsWith("/")) {
      mkdirSync(target, { recursive: true })
      continue
    }
    if (buf.readUInt32LE(localAt) !== LOCAL) throw new Error(`entrada corrompida: ${name}`)
    const dataAt = localAt + 30 + buf.readUInt16LE(localAt + 26) + buf.readUInt16LE(localAt + 28)
    const raw = buf.subarray(dataAt, dataAt + compressed)
    const data = method === 0 ? raw : method === 8 ? inflateRawSync(raw) : null
    if (!data) throw new Error(`compressão não suportada (${method}) em ${name}`)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, data)
    names.push(name)
  }
  return names
}
