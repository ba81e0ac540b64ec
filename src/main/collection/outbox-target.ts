import { AppError } from '../../shared/errors'
import { SET_FIELDS } from './edits-types'
import type { Edit, SetField } from './edits-types'

/**
 * What an outbox row changes. The row stores it as `target` (`set:<setID>`, `copy:<localId>`,
 * `minifig:<number>`, `label:<flagNo>`) plus `field` and `set_id`; this module is the only one
 * that writes or reads that text.
 */
export type OutboxTarget =
  | { readonly kind: 'set'; readonly setID: number; readonly field: SetField }
  | { readonly kind: 'copy'; readonly setID: number; readonly localId: string }
  | { readonly kind: 'minifig'; readonly minifigNumber: string }
  | { readonly kind: 'label'; readonly flagNo: number }

/** Enough to name a target: an Edit is one. */
type TargetRef =
  | { readonly kind: 'set'; readonly setID: number }
  | { readonly kind: 'copy'; readonly localId: string }
  | { readonly kind: 'minifig'; readonly minifigNumber: string }
  | { readonly kind: 'label'; readonly flagNo: number }

function targetKey(t: TargetRef): string {
  switch (t.kind) {
    case 'set':
      return `set:${t.setID}`
    case 'copy':
      return `copy:${t.localId}`
    case 'minifig':
      return `minifig:${t.minifigNumber}`
    case 'label':
      return `label:${t.flagNo}`
  }
}

const POSITIVE = /^[1-9]\d{0,9}$/
const isSetField = (f: string): f is SetField => (SET_FIELDS as readonly string[]).includes(f)

/**
 * The target of a stored row. A row this build cannot read (an unknown kind, a bad id or field) is
 * an AppError `db_error`, so whatever would act on it changes nothing instead of guessing.
 */
export function parseOutboxTarget(row: {
  readonly target: string
  readonly field: string
  readonly set_id: number | null
}): OutboxTarget {
  const colon = row.target.indexOf(':')
  const kind = colon < 0 ? '' : row.target.slice(0, colon)
  const id = row.target.slice(colon + 1)
  switch (kind) {
    case 'set':
      if (POSITIVE.test(id) && isSetField(row.field)) {
        return { kind, setID: Number(id), field: row.field }
      }
      break
    case 'copy':
      if (id !== '' && row.field === 'copy' && row.set_id !== null) {
        return { kind, setID: row.set_id, localId: id }
      }
      break
    case 'minifig':
      if (id !== '' && row.field === 'minifig') return { kind, minifigNumber: id }
      break
    case 'label': {
      const flagNo = Number(id)
      if (POSITIVE.test(id) && flagNo <= 8 && row.field === 'label') return { kind, flagNo }
      break
    }
  }
  throw new AppError(
    'db_error',
    `A waiting change cannot be read (${row.target.slice(0, 60)} ${row.field.slice(0, 30)}); it was left as it is.`,
    { field: 'target' }
  )
}

/** The outbox key of an edit: repeated edits of one (target, field) coalesce into one row. */
export function editKey(e: Edit): { target: string; field: string; setID: number | null } {
  const target = targetKey(e)
  switch (e.kind) {
    case 'set':
      return { target, field: e.field, setID: e.setID }
    case 'copy':
      return { target, field: 'copy', setID: e.setID }
    case 'minifig':
      return { target, field: 'minifig', setID: null }
    case 'label':
      return { target, field: 'label', setID: null }
  }
}
