import { parseLabelCode } from '../../shared/model/box-label'
import type { ReadDb } from '../store/handles'
import { setsNamedByNumber } from '../catalogue/index'
import { copiesByCollectionId, copiesByIdHead, copiesByIds, copiesOfSetNumber } from './shelf-repo'
import type { LocatedCopyRow } from './shelf-repo'

/**
 * What a code typed or scanned into the audit names, tried in this order:
 * 1. a box label's QR text (`STUDBOOK-COPY:<local id>`, box-label.ts): that copy;
 * 2. a copy id as the label prints it: `#123456` (the service's number) or `local 1a2b3c4d`
 *    (the head of the local id), or a whole local id;
 * 3. a set number (`75192-1` exactly, `75192` any variant, as scan mode reads it): its copies.
 * A code that names a set but no copy of it, or a label of a copy no longer kept, is something
 * on the shelf the records do not have (`noCopy`, listed as unexpected); anything else is
 * `unknown` and nothing is recorded (a typo should not become a row).
 */

type Resolved =
  | { readonly kind: 'copies'; readonly copies: readonly LocatedCopyRow[] }
  | {
      readonly kind: 'noCopy'
      readonly set: { set_id: number; full_number: string; name: string } | null
      readonly why: string
    }
  | { readonly kind: 'unknown'; readonly why: string }

const COLLECTION_ID = /^#\s*(\d{1,12})$/
const LOCAL_HEAD = /^local\s+([A-Za-z0-9_-]{4,64})$/i
/** A whole local id (a UUID, or an id a sync gave): long enough not to be a set number. */
const LOCAL_ID = /^(?=.*[A-Za-z_-])[A-Za-z0-9_-]{8,64}$/
const SET_NUMBER = /^([A-Za-z0-9]{1,20})(?:-(\d{1,3}))?$/

export function resolveCode(db: ReadDb, p: number, text: string): Resolved {
  const code = text.trim()
  const label = parseLabelCode(code)
  if (label !== null) {
    const copies = copiesByIds(db, p, [label])
    return copies.length > 0
      ? { kind: 'copies', copies }
      : { kind: 'noCopy', set: null, why: 'a box label of a copy no longer in the collection' }
  }
  const byNumber = COLLECTION_ID.exec(code)
  if (byNumber) {
    const copies = copiesByCollectionId(db, p, Number(byNumber[1]))
    return copies.length > 0
      ? { kind: 'copies', copies }
      : { kind: 'unknown', why: `No copy is numbered ${code}.` }
  }
  const head = LOCAL_HEAD.exec(code)?.[1] ?? (LOCAL_ID.test(code) ? code : null)
  if (head !== null) {
    const copies = copiesByIdHead(db, p, head)
    if (copies.length > 0) return { kind: 'copies', copies }
    if (LOCAL_HEAD.test(code)) return { kind: 'unknown', why: `No copy has the id ${code}.` }
  }
  const set = SET_NUMBER.exec(code)
  if (set?.[1] !== undefined) {
    const variant = set[2] === undefined ? null : Number(set[2])
    const copies = copiesOfSetNumber(db, p, set[1], variant)
    if (copies.length > 0) return { kind: 'copies', copies }
    const sets = setsNamedByNumber(db, p, set[1], variant)
    if (sets.length === 1 && sets[0] !== undefined) {
      return { kind: 'noCopy', set: sets[0], why: 'a set with no copy in the collection' }
    }
    if (sets.length > 1) {
      return { kind: 'noCopy', set: null, why: 'a set number with no copy in the collection' }
    }
  }
  return { kind: 'unknown', why: `Nothing in the collection or the catalogue matches “${code}”.` }
}
