/**
 * Issue #30 §4: what one printed box label shows, as main answers it. The QR is drawn in main
 * (qrcode-generator) and travels as an SVG path over a square of `size` modules, so the renderer
 * bundle carries no QR library and draws it with one <path>.
 */
export interface LabelQrDto {
  /** Modules per side, quiet zone not included (the renderer adds 4 on each side). */
  readonly size: number
  /** Dark modules as an SVG path in module units: `M x y h w v 1 h -w z` runs, one per row run. */
  readonly path: string
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
