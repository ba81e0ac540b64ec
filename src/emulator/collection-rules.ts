import type { ServiceState } from './context'
import type { CollectionEntry, UserData } from './state'
import { blankCopy, isBlankCopy } from './state'

/** The collection's invariants (issue #3 §4): qty > 0 implies owned; owned 0 clears qty. */

export const MAX_QTY = 999
const MAX_NOTES = 1000
export const MAX_LABEL = 20

export function applyOwned(e: CollectionEntry, owned: boolean): void {
  e.owned = owned
  if (!owned) e.qtyOwned = 0
  else if (e.qtyOwned === 0) e.qtyOwned = 1
}

export function applyQty(e: CollectionEntry, qty: number): void {
  e.qtyOwned = qty
  e.owned = qty > 0
}

/** C0 controls other than tab, CR, LF, lone surrogates and U+FFFE/FFFF cannot travel in XML (docs/protocol.md §6). */
function hasBadChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true
    if (c === 0xfffe || c === 0xffff) return true
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true
      i++
    } else if (c >= 0xdc00 && c <= 0xdfff) return true
  }
  return false
}

/** Why a note is refused, or null when it is acceptable. */
export function noteProblem(notes: string): string | null {
  if (hasBadChars(notes)) return 'ERROR: invalid characters'
  if (notes.length > MAX_NOTES) return `ERROR: notes longer than ${MAX_NOTES} characters`
  return null
}

export function isBit(n: number): boolean {
  return n === 0 || n === 1
}

/**
 * Copy records follow the quantity (docs/protocol.md §2), decided by the quantity alone so that no
 * hidden per-connection state is needed: each unit raised adds one blank record; lowering removes
 * records beyond the new quantity, the newest blank ones first, then the newest. A service built
 * with `quantityCreatesCopies: false` leaves copy records to setCollectionDetail alone.
 */
export function followQuantity(
  state: ServiceState,
  user: UserData,
  setID: number,
  before: number,
  after: number
): void {
  if (!state.quantityCreatesCopies || before === after) return
  for (let n = before; n < after; n++) {
    const id = state.nextCollectionID++
    user.copies.set(id, blankCopy(id, setID))
  }
  const mine = [...user.copies.values()]
    .filter((c) => c.setID === setID)
    .sort((a, b) => b.collectionID - a.collectionID)
  const extra = mine.length - after
  if (after >= before || extra <= 0) return
  const doomed = [...mine.filter(isBlankCopy), ...mine.filter((c) => !isBlankCopy(c))]
  for (const c of doomed.slice(0, extra)) user.copies.delete(c.collectionID)
}
