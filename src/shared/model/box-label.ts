/**
 * Issue #30 §4: the text a box label's QR code carries, and how scan mode and the shelf audit
 * read it back. It names one copy by its local id, which every copy has from the moment it is
 * made (the service's collectionID arrives only after a sync, and a label may be printed before).
 *
 * The prefix makes a label unmistakable: a set's barcode (EAN/UPC digits) or a typed set number
 * never starts with it, so a scanner feeding either kind into one box cannot confuse them.
 */
export const LABEL_PREFIX = 'STUDBOOK-COPY:'

/** Longest local id a label may name: more is not a label we printed. */
const ID_MAX = 64
const ID_SHAPE = /^[A-Za-z0-9_-]+$/

/** The QR payload for one copy. */
export function labelCode(localId: string): string {
  return `${LABEL_PREFIX}${localId}`
}

/**
 * The copy's local id when `text` is one of our labels (scanners add spaces or a newline, and
 * some send the prefix in lower case); null for anything else, which callers treat as a set code.
 */
export function parseLabelCode(text: string): string | null {
  const t = text.trim()
  if (t.length <= LABEL_PREFIX.length) return null
  if (t.slice(0, LABEL_PREFIX.length).toUpperCase() !== LABEL_PREFIX) return null
  const id = t.slice(LABEL_PREFIX.length)
  return id.length <= ID_MAX && ID_SHAPE.test(id) ? id : null
}
