import qrcode from 'qrcode-generator'
import type { LabelQrDto } from '../../shared/model/labels'

/**
 * A label's QR, drawn in main so the renderer bundle carries no QR library; sent packed
 * (LabelQrDto). Error correction M
 * (15 % of the code may be lost): a label on a box gets scuffed, and a 50-character code still
 * fits version 4 (33 modules), about 0.5 mm a module on the smallest label.
 */
export function labelQr(text: string): LabelQrDto {
  const qr = qrcode(0, 'M')
  qr.addData(text, 'Byte')
  qr.make()
  const size = qr.getModuleCount()
  // Four modules a hex digit, row-major: what crosses IPC is a few hundred characters a label.
  let modules = ''
  let nibble = 0
  for (let i = 0; i < size * size; i++) {
    if (qr.isDark(Math.floor(i / size), i % size)) nibble |= 8 >> (i & 3)
    if ((i & 3) === 3) {
      modules += nibble.toString(16)
      nibble = 0
    }
  }
  if ((size * size) % 4 !== 0) modules += nibble.toString(16)
  return { size, modules }
}
