// Draws the app icons in public/icons (the "V" mark on the brand gradient) with the project's
// PNG encoder. Run once after changing the mark: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { encodePng, encodePngAlpha } from "./lib/png.mjs"
import { ROOT } from "./lib/pb-server.mjs"

// The mark on a 64-unit grid (same as public/favicon.svg).
const V = [
  [16, 18],
  [24, 18],
  [32, 40],
  [40, 18],
  [48, 18],
  [36, 48],
  [28, 48],
]
const FROM = [0xf4, 0x3f, 0x5e]
const TO = [0xf9, 0x73, 0x16]

function inside(x, y) {
  let hit = false
  for (let i = 0, j = V.length - 1; i < V.length; j = i++) {
    const [xi, yi] = V[i]
    const [xj, yj] = V[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit
  }
  return hit
}

const S = 4 // supersampling per axis

/** How much of pixel (x, y) of a `size` px image the mark covers, 0 to 1, the mark scaled by `scale`. */
function coverage(x, y, size, scale) {
  let hits = 0
  for (let sy = 0; sy < S; sy++) {
    for (let sx = 0; sx < S; sx++) {
      const u = (((x + (sx + 0.5) / S) / size - 0.5) / scale + 0.5) * 64
      const v = (((y + (sy + 0.5) / S) / size - 0.5) / scale + 0.5) * 64
      if (inside(u, v)) hits++
    }
  }
  return hits / (S * S)
}

/** size in px; scale < 1 shrinks the mark toward the centre (maskable safe zone). */
function icon(size, scale = 1) {
  const rgb = new Uint8Array(size * size * 3)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size)
      const a = coverage(x, y, size, scale)
      for (let c = 0; c < 3; c++) {
        const bg = FROM[c] + (TO[c] - FROM[c]) * t
        rgb[(y * size + x) * 3 + c] = Math.round(bg * (1 - a) + 255 * a)
      }
    }
  }
  return encodePng(size, size, rgb)
}

/** The mark alone, as coverage (push notification badge: Android shows its silhouette). */
function badge(size, scale = 0.9) {
  const alpha = new Uint8Array(size * size)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      alpha[y * size + x] = Math.round(255 * coverage(x, y, size, scale))
    }
  }
  return encodePngAlpha(size, size, alpha)
}

const dir = path.join(ROOT, "public/icons")
mkdirSync(dir, { recursive: true })
writeFileSync(path.join(dir, "icon-192.png"), icon(192))
writeFileSync(path.join(dir, "icon-512.png"), icon(512))
writeFileSync(path.join(dir, "icon-maskable-512.png"), icon(512, 0.7))
writeFileSync(path.join(dir, "apple-touch-icon.png"), icon(180, 0.85))
writeFileSync(path.join(dir, "badge-96.png"), badge(96))
console.log("icons written to", dir)
