import { AppError } from '../../shared/errors'
import { labelCode } from '../../shared/model/box-label'
import { LABELS_MAX, copyIdOf } from '../../shared/model/labels'
import type { LabelDto } from '../../shared/model/labels'
import type { PlacedCopy } from '../collection/index'
import { labelQr } from './label-qr'

/** What a label needs of one copy, whichever scope found it (the shelf's place or a set list). */
export type LabelSource = PlacedCopy

/** Slices of about this long, then a turn of the loop: 2,000 QR codes take longer than 50 ms. */
const SLICE_MS = 8

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * The labels of these copies, in their order. The QR codes are drawn in slices of ~8 ms with a
 * turn of the event loop between them, so a 2,000-label run never holds the main thread
 * (docs/architecture.md, "The main thread is for answering").
 */
export async function buildLabels(copies: readonly LabelSource[]): Promise<LabelDto[]> {
  if (copies.length > LABELS_MAX) {
    throw new AppError(
      'invalid_input',
      `That is ${copies.length.toLocaleString('en')} labels, more than ${LABELS_MAX.toLocaleString('en')} at once: choose fewer sets.`
    )
  }
  const labels: LabelDto[] = []
  let sliceStart = performance.now()
  for (const c of copies) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await turn()
      sliceStart = performance.now()
    }
    const code = labelCode(c.localId)
    labels.push({
      localId: c.localId,
      code,
      setID: c.setID,
      fullNumber: c.fullNumber ?? `set ${String(c.setID)}`,
      name: c.name ?? '',
      copyId: copyIdOf(c),
      location: c.location,
      qr: labelQr(code)
    })
  }
  return labels
}
