import jsQR from 'jsqr'
import type { LabelQrDto } from '../../src/shared/model/labels'

/**
 * Reads a label's QR as main sends it: the packed modules (4 to a hex digit, row-major) are
 * painted into a bitmap with a quiet zone, and jsqr, an independent decoder, reads it back.
 */
export function readLabelQr(qr: LabelQrDto, scale = 4): string | null {
  const quiet = 4
  const side = (qr.size + quiet * 2) * scale
  if (qr.modules.length !== Math.ceil((qr.size * qr.size) / 4)) throw new Error('modules length')
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let i = 0; i < qr.size * qr.size; i++) {
    const digit = Number.parseInt(qr.modules[Math.floor(i / 4)] ?? '0', 16)
    if (((digit >> (3 - (i % 4))) & 1) === 0) continue
    const [mx, my] = [i % qr.size, Math.floor(i / qr.size)]
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const p = (((my + quiet) * scale + dy) * side + (mx + quiet) * scale + dx) * 4
        pixels[p] = pixels[p + 1] = pixels[p + 2] = 0
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null
}
