import jsQR from 'jsqr'
import type { LabelQrDto } from '../../src/shared/model/labels'

/**
 * Reads a label's QR as main sends it: the SVG path's runs (`M x y h w v1 h-w z`) are painted
 * into a bitmap with a quiet zone, and jsqr, an independent decoder, reads it back.
 */
export function readLabelQr(qr: LabelQrDto, scale = 4): string | null {
  const quiet = 4
  const side = (qr.size + quiet * 2) * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  const runs = [...qr.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)]
  if (runs.map((m) => m[0]).join('') !== qr.path) throw new Error('path is not runs of modules')
  for (const [, x, y, w] of runs) {
    for (let dy = 0; dy < scale; dy++) {
      const py = (Number(y) + quiet) * scale + dy
      for (
        let px = (Number(x) + quiet) * scale;
        px < (Number(x) + Number(w) + quiet) * scale;
        px++
      ) {
        const i = (py * side + px) * 4
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null
}
