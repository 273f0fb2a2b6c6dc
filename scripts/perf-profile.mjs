// Where a running PocketBase spends its CPU: records it with Linux `perf` and names its Go
// functions, which `perf` cannot (the binary is stripped), from the binary's own function table
// (.gopclntab, kept in every Go binary for stack traces). A developer's tool, not part of npm test.
//
//   node scripts/perf-profile.mjs --pid <pocketbase pid> [--seconds 8]    record, then report
//   node scripts/perf-profile.mjs --data perf.data                        report a recording
//   options: --top N (rows per table, 30), --focus <text> (what the outermost frame whose name
//   contains <text> calls: e.g. --focus runInTransaction), --bin <path> (the binary)
//
// Reports the share of samples per function where the CPU was (self), per function on the stack
// (inclusive), per library (self: goja, SQLite, Go runtime, kernel...). Needs `perf` (Debian:
// linux-perf) and the right to profile the process (root, or kernel.perf_event_paranoid <= 1).
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { PB_BIN } from "./lib/pb-server.mjs"

const args = process.argv.slice(2)
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : args[i + 1]
}
const TOP = Number(opt("top", 30))

/** The function table of a Go ELF binary: sorted entry addresses and their names. */
function goSymbols(file) {
  const b = readFileSync(file)
  if (b.readUInt32BE(0) !== 0x7f454c46 || b[4] !== 2) throw new Error(`${file}: not a 64-bit ELF file`)
  const shoff = Number(b.readBigUInt64LE(0x28))
  const shentsize = b.readUInt16LE(0x3a)
  const shnum = b.readUInt16LE(0x3c)
  const shstrndx = b.readUInt16LE(0x3e)
  const section = (i) => {
    const o = shoff + i * shentsize
    return {
      name: b.readUInt32LE(o),
      addr: Number(b.readBigUInt64LE(o + 0x10)),
      offset: Number(b.readBigUInt64LE(o + 0x18)),
    }
  }
  const names = section(shstrndx)
  const nameOf = (s) => b.toString("latin1", names.offset + s.name, b.indexOf(0, names.offset + s.name))
  const sections = Array.from({ length: shnum }, (_, i) => section(i))
  const pcln = sections.find((s) => nameOf(s) === ".gopclntab")
  const text = sections.find((s) => nameOf(s) === ".text")
  if (!pcln || !text) throw new Error(`${file}: no .gopclntab or .text section`)
  const base = pcln.offset
  const magic = b.readUInt32LE(base)
  if (magic !== 0xfffffff1 && magic !== 0xfffffff0)
    throw new Error(`${file}: unknown pclntab (magic ${magic.toString(16)})`)
  const word = (i) => Number(b.readBigUInt64LE(base + 8 + i * 8))
  const [nfunc, , textStart, funcnameOffset, , , , pclnOffset] = Array.from({ length: 8 }, (_, i) => word(i))
  const start = textStart || text.addr // (0 in the file when the linker leaves it to a relocation)
  const table = base + pclnOffset
  const entries = new Float64Array(nfunc)
  const fnames = new Array(nfunc)
  for (let i = 0; i < nfunc; i++) {
    const entryOff = b.readUInt32LE(table + i * 8)
    const funcOff = b.readUInt32LE(table + i * 8 + 4)
    const nameOff = b.readInt32LE(table + funcOff + 4)
    const at = base + funcnameOffset + nameOff
    entries[i] = start + entryOff
    fnames[i] = b.toString("latin1", at, b.indexOf(0, at))
  }
  // perf prints addresses in the binary as offsets into the file: map them through the program
  // headers' loaded segments
  const phoff = Number(b.readBigUInt64LE(0x20))
  const phentsize = b.readUInt16LE(0x36)
  const segments = []
  for (let i = 0; i < b.readUInt16LE(0x38); i++) {
    const o = phoff + i * phentsize
    if (b.readUInt32LE(o) !== 1) continue // PT_LOAD
    segments.push({
      offset: Number(b.readBigUInt64LE(o + 8)),
      vaddr: Number(b.readBigUInt64LE(o + 0x10)),
      size: Number(b.readBigUInt64LE(o + 0x20)),
    })
  }
  const lookup = (fileOffset) => {
    const seg = segments.find((s) => fileOffset >= s.offset && fileOffset < s.offset + s.size)
    const addr = seg ? fileOffset - seg.offset + seg.vaddr : fileOffset
    let lo = 0
    let hi = nfunc - 1
    if (addr < entries[0]) return `0x${addr.toString(16)}`
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (entries[mid] <= addr) lo = mid
      else hi = mid - 1
    }
    return fnames[lo]
  }
  return lookup
}

/** The samples of a recording, each a list of frame names, innermost first. */
function samples(data, bin) {
  const name = goSymbols(bin)
  const out = execFileSync("perf", ["script", "-i", data, "-F", "ip,sym,dso"], {
    maxBuffer: 1 << 30,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
  const binName = path.basename(bin)
  const list = []
  for (const block of out.split(/\n\s*\n/)) {
    const frames = []
    for (const line of block.split("\n")) {
      const m = line.trim().match(/^([0-9a-f]+)\s+(.*)$/)
      if (!m) continue
      const [, ip, rest] = m
      if (rest.includes(binName)) frames.push(name(parseInt(ip, 16)))
      else if (rest.includes("kernel")) frames.push(`[k] ${rest.replace(/\s*\(.*$/, "").replace(/\+0x[0-9a-f]+$/, "")}`)
      else frames.push(rest.replace(/\s*\(.*$/, "") || `0x${ip}`)
    }
    if (frames.length > 0) list.push(frames)
  }
  return list
}

// where a sample's innermost frame belongs, by the start of its name
const LIBRARIES = [
  [/^github\.com\/dop251\/goja/, "goja (JS hooks)"],
  [/^modernc\.org\/sqlite/, "SQLite"],
  [/^modernc\.org\/(libc|memory)/, "SQLite's libc"],
  [/^(runtime\.|internal\/runtime|memeqbody|aeshashbody)/, "Go runtime (memory, GC, maps, scheduler)"],
  [/^reflect\./, "Go reflection (JS <-> Go calls)"],
  [/^github\.com\/pocketbase/, "PocketBase"],
  [/^net\//, "net, net/http"],
  [/^compress\//, "compression"],
  [/^database\/sql/, "database/sql"],
  [/^\[k\] /, "kernel"],
]

function table(title, counts, total) {
  console.log(`\n${title}`)
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${((v * 100) / total).toFixed(2).padStart(6)}%  ${k}`)
}

function report(list) {
  const total = list.length
  const self = new Map()
  const incl = new Map()
  const libs = new Map()
  const add = (m, k) => m.set(k, (m.get(k) || 0) + 1)
  for (const frames of list) {
    add(self, frames[0])
    for (const f of new Set(frames)) add(incl, f)
    add(libs, LIBRARIES.find(([start]) => start.test(frames[0]))?.[1] ?? "other")
  }
  console.log(`${total} samples`)
  table("By library (where the CPU was)", libs, total)
  table("Self", self, total)
  table("Inclusive", incl, total)
  const focus = opt("focus", null)
  if (focus) {
    const under = new Map()
    for (const frames of list) {
      const i = frames.findLastIndex((f) => f.includes(focus))
      if (i !== -1) add(under, i === 0 ? "(itself)" : frames[i - 1])
    }
    table(`Called by the outermost frame matching "${focus}"`, under, total)
  }
}

const bin = opt("bin", PB_BIN)
let data = opt("data", null)
let dir = null
if (!data) {
  const pid = opt("pid", null)
  if (!pid) {
    console.error("usage: node scripts/perf-profile.mjs --pid <pid> [--seconds 8] | --data perf.data")
    process.exit(2)
  }
  dir = mkdtempSync(path.join(tmpdir(), "vitrine-perf-"))
  data = path.join(dir, "perf.data")
  execFileSync("perf", ["record", "-F", "999", "-g", "-p", pid, "-o", data, "--", "sleep", opt("seconds", "8")], {
    stdio: ["ignore", "ignore", "inherit"],
  })
}
try {
  report(samples(data, bin))
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true })
}
