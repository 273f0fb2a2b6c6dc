// A tiny PNG encoder (8-bit RGB, node:zlib only) and a deterministic pattern painter, so the demo
// data and the tests get real, varied images without downloads or an image dependency. The
// pictures are flat-coloured bands and shapes: they compress to a few kilobytes.
import { deflateSync } from "node:zlib"

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf) {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, "ascii")
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/**
 * Encodes RGB pixels (3 bytes per pixel, row by row) as a PNG. Every row uses the "Up" filter (the
 * difference from the row above): flat areas and bands become zeros and deflate to almost nothing.
 * @param {number} width
 * @param {number} height
 * @param {Uint8Array} rgb
 * @returns {Buffer}
 */
export function encodePng(width, height, rgb) {
  const stride = width * 3
  const raw = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * stride
    const out = y * (stride + 1)
    raw[out] = 2
    for (let i = 0; i < stride; i++) raw[out + 1 + i] = rgb[row + i] - (y > 0 ? rgb[row - stride + i] : 0)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, RGB, deflate, per-row filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

/**
 * A white picture whose coverage is `alpha` (1 byte per pixel): a notification badge, of which
 * Android uses only the transparency. RGBA, no filters (it is tiny).
 * @param {number} width
 * @param {number} height
 * @param {Uint8Array} alpha
 * @returns {Buffer}
 */
export function encodePngAlpha(width, height, alpha) {
  const raw = Buffer.alloc((width * 4 + 1) * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * (width * 4 + 1) + 1 + x * 4
      raw.set([255, 255, 255, alpha[y * width + x]], o)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8-bit depth, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

/** mulberry32: a small seeded PRNG, so the same seed always paints the same picture. */
export function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hsl(h, s, l) {
  const f = (n) => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

/**
 * Paints a colourful picture: a banded diagonal gradient between two hues, then a few circles,
 * rings and rectangles in related colours. Deterministic in (width, height, seed).
 * @param {number} width
 * @param {number} height
 * @param {number} seed any integer
 * @returns {Buffer} PNG bytes
 */
export function makePng(width, height, seed) {
  const rand = prng(seed)
  const hue = rand() * 360
  const hue2 = hue + 40 + rand() * 100
  const bands = 10 + Math.floor(rand() * 8)
  const angle = rand()
  const palette = Array.from({ length: bands }, (_, i) =>
    hsl(hue + ((hue2 - hue) * i) / bands, 0.65, 0.45 + 0.2 * (i / bands)),
  )
  const size = Math.min(width, height)
  const shapes = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => ({
    kind: ["circle", "ring", "rect"][Math.floor(rand() * 3)],
    x: rand() * width,
    y: rand() * height,
    r: size * (0.08 + rand() * 0.25),
    color: hsl(hue2 + 120 * Math.floor(rand() * 3), 0.7, 0.35 + rand() * 0.4),
  }))

  const rgb = new Uint8Array(width * height * 3)
  // plain index arithmetic in the loops below: this runs for ~500 000 pixels per picture
  const paint = (i, color) => {
    rgb[i] = color[0]
    rgb[i + 1] = color[1]
    rgb[i + 2] = color[2]
  }
  for (let y = 0; y < height; y++) {
    const t0 = ((1 - angle) * y) / height
    for (let x = 0; x < width; x++) {
      const band = Math.floor((t0 + (angle * x) / width) * bands)
      paint((y * width + x) * 3, palette[band < bands ? band : bands - 1])
    }
  }
  // shapes are painted in order, each only inside its bounding box
  for (const s of shapes) {
    const hh = s.kind === "rect" ? s.r * 0.6 : s.r
    const [x0, x1] = [Math.max(0, Math.ceil(s.x - s.r)), Math.min(width - 1, Math.floor(s.x + s.r))]
    const [y0, y1] = [Math.max(0, Math.ceil(s.y - hh)), Math.min(height - 1, Math.floor(s.y + hh))]
    const [outer, inner] = [s.r * s.r, s.kind === "ring" ? 0.49 * s.r * s.r : -1]
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d2 = (x - s.x) ** 2 + (y - s.y) ** 2
        if (s.kind === "rect" || (d2 < outer && d2 > inner)) paint((y * width + x) * 3, s.color)
      }
    }
  }
  return encodePng(width, height, rgb)
}
