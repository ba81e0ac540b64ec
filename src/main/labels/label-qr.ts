import qrcode from 'qrcode-generator'
import type { LabelQrDto } from '../../shared/model/labels'

/**
 * A label's QR, drawn in main so the renderer bundle carries no QR library. Error correction M
 * (15 % of the code may be lost): a label on a box gets scuffed, and a 50-character code still
 * fits version 4 (33 modules), about 0.5 mm a module on the smallest label.
 */
export function labelQr(text: string): LabelQrDto {
  const qr = qrcode(0, 'M')
  qr.addData(text, 'Byte')
  qr.make()
  const size = qr.getModuleCount()
  // One rectangle per run of dark modules in a row: a few hundred short commands, not one per module.
  const parts: string[] = []
  for (let y = 0; y < size; y++) {
    let x = 0
    while (x < size) {
      if (!qr.isDark(y, x)) {
        x++
        continue
      }
      const from = x
      while (x < size && qr.isDark(y, x)) x++
      parts.push(`M${from} ${y}h${x - from}v1h-${x - from}z`)
    }
  }
  return { size, path: parts.join('') }
}
