// Draws the Studbook icon (a red 2×2 brick seen from above) at every size the installers need and
// writes PNG, ICO and ICNS files into resources/. Pure Node (zlib), deterministic, no downloads:
// running it twice gives byte-identical files. Usage: node build/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources')
const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
// ICNS element types holding PNG data, by pixel size.
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024]
]

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16))
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t)
const TOP = hex('#e5493c')
const BOTTOM = hex('#b3302a')
const EDGE = hex('#8c231e')
const STUD_SHADOW = hex('#8f241d')
const STUD = hex('#ee5f51')
const STUD_LIGHT = hex('#f7978c')

function roundedRect(x, y, x0, y0, x1, y1, r) {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r)
  const cy = Math.min(Math.max(y, y0 + r), y1 - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

/** Colour (RGBA, 0..255) of the point (x, y) in the unit square, or null for transparent. */
function sample(x, y) {
  if (!roundedRect(x, y, 0.06, 0.06, 0.94, 0.94, 0.16)) return null
  // A darker rim gives the body an edge at small sizes.
  if (!roundedRect(x, y, 0.09, 0.09, 0.91, 0.91, 0.13)) return EDGE
  let colour = mix(TOP, BOTTOM, (y - 0.06) / 0.88)
  for (const [sx, sy] of [
    [0.32, 0.32],
    [0.68, 0.32],
    [0.32, 0.68],
    [0.68, 0.68]
  ]) {
    const r = 0.135
    const shadow = (x - sx - 0.012) ** 2 + (y - sy - 0.028) ** 2 <= r * r
    const top = (x - sx) ** 2 + (y - sy) ** 2 <= r * r
    if (top) {
      const d = Math.hypot(x - sx + 0.04, y - sy + 0.04) / r
      colour = mix(STUD_LIGHT, STUD, Math.min(1, d))
    } else if (shadow) colour = STUD_SHADOW
  }
  return colour
}

function render(size) {
  const ss = 4
  const pixels = Buffer.alloc(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let j = 0; j < ss; j++) {
        for (let i = 0; i < ss; i++) {
          const c = sample((px + (i + 0.5) / ss) / size, (py + (j + 0.5) / ss) / size)
          if (c === null) continue
          r += c[0]
          g += c[1]
          b += c[2]
          a += 1
        }
      }
      const o = (py * size + px) * 4
      if (a > 0) {
        pixels[o] = Math.round(r / a)
        pixels[o + 1] = Math.round(g / a)
        pixels[o + 2] = Math.round(b / a)
      }
      pixels[o + 3] = Math.round((a / (ss * ss)) * 255)
    }
  }
  return pixels
}

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
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

function png(size) {
  const rgba = render(size)
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0))
  ])
}

function ico(images) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(([size, data]) => {
    const e = Buffer.alloc(16)
    e[0] = size >= 256 ? 0 : size
    e[1] = size >= 256 ? 0 : size
    e.writeUInt16LE(1, 4)
    e.writeUInt16LE(32, 6)
    e.writeUInt32LE(data.length, 8)
    e.writeUInt32LE(offset, 12)
    offset += data.length
    return e
  })
  return Buffer.concat([header, ...entries, ...images.map(([, data]) => data)])
}

function icns(images) {
  const parts = images.map(([type, data]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

mkdirSync(join(OUT, 'icons'), { recursive: true })
const pngs = new Map(PNG_SIZES.map((s) => [s, png(s)]))
for (const [size, data] of pngs) writeFileSync(join(OUT, 'icons', `${size}x${size}.png`), data)
writeFileSync(join(OUT, 'icon.png'), pngs.get(512))
writeFileSync(join(OUT, 'icon.ico'), ico(ICO_SIZES.map((s) => [s, pngs.get(s)])))
writeFileSync(join(OUT, 'icon.icns'), icns(ICNS_TYPES.map(([t, s]) => [t, pngs.get(s)])))
console.log(`icons written to ${OUT}`)
