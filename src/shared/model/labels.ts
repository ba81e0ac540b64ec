/**
 * Issue #30 §4: what one printed box label shows, as main answers it. The QR is drawn in main
 * (qrcode-generator) and travels as its modules packed into hex, row by row (4 modules a digit, the
 * first the digit's high bit): about 280 characters a label, so 2,000 labels cross IPC as 0.6 MB,
 * not the 10 MB their SVG paths would be. The renderer turns it into one <path> (`qrPath`), and
 * its bundle carries no QR library.
 */
export interface LabelQrDto {
  /** Modules per side, quiet zone not included (the renderer adds 4 on each side). */
  readonly size: number
  /** size × size modules, row-major, dark = 1, packed 4 to a hex digit; the last digit padded with 0. */
  readonly modules: string
}

/** Whether the module at row `y`, column `x` is dark. */
function qrDark(qr: LabelQrDto, y: number, x: number): boolean {
  const i = y * qr.size + x
  const digit = parseInt(qr.modules.charAt(i >> 2), 16)
  return Number.isInteger(digit) && (digit & (8 >> (i & 3))) !== 0
}

/** The dark modules as an SVG path in module units: one `M x y h w v1 h-w z` per run in a row. */
export function qrPath(qr: LabelQrDto): string {
  const parts: string[] = []
  for (let y = 0; y < qr.size; y++) {
    let x = 0
    while (x < qr.size) {
      if (!qrDark(qr, y, x)) {
        x++
        continue
      }
      const from = x
      while (x < qr.size && qrDark(qr, y, x)) x++
      parts.push(`M${String(from)} ${String(y)}h${String(x - from)}v1h-${String(x - from)}z`)
    }
  }
  return parts.join('')
}

export interface LabelDto {
  readonly localId: string
  /** The QR's text: `labelCode(localId)` (src/shared/model/box-label.ts). */
  readonly code: string
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  /**
   * The copy as a person names it: the service's collection ID (`#123456`) once the copy has one,
   * else the first 8 characters of its local id, marked local.
   */
  readonly copyId: string
  /** The copy's location as stored ('' when none). */
  readonly location: string
  readonly qr: LabelQrDto
}

export interface LabelsDto {
  readonly labels: readonly LabelDto[]
  /** Owned units of these sets with no copy record yet: nothing to name, so no label. */
  readonly withoutRecord: number
  /** Sets the scope named that have no copy to label (not owned, or nothing recorded). */
  readonly setsWithout: number
}

/** Most labels one call makes: 2,000 copies is the benchmark; a sheet run beyond this is refused. */
export const LABELS_MAX = 5_000

/** `#123456` once the service numbered the copy; the local id's head until then. */
export function copyIdOf(c: {
  readonly collectionID: number | null
  readonly localId: string
}): string {
  return c.collectionID !== null ? `#${String(c.collectionID)}` : `local ${c.localId.slice(0, 8)}`
}
