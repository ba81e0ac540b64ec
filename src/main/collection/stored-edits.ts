import { z } from 'zod'
import { flagNo, setId } from '../../shared/ipc/channels/common'
import { STORED_SET_FIELDS, storedCopy, storedMinifig } from '../../shared/ipc/channels/collection'
import { readStoredJson } from '../../shared/parse-json'
import type { CopyValue, Edit, MinifigValue, SetField, SetFieldValues } from './edits-types'
import type { OutboxTarget } from './outbox-target'

/**
 * The schemas of edits and values as this app stores them as JSON: the journal's forward and
 * backward lists, and an outbox row's desired, base, server and sent values. A backup installed
 * from the recovery screen reaches these rows, so each is parsed, never cast: a damaged one is an
 * AppError `db_error` before anything acts on it.
 *
 * Bounds are what the tables themselves hold (0010-initial.ts: quantity and loose figures 0..999,
 * rating 0..5, flags 1..8), not what a form accepts: a value the service sent (a conflict's
 * `server`, a pulled base) is stored as the service had it.
 */

/** A copy's details as stored; the contract's copy (copyInput) relaxed to types (see there). */
const storedCopyValue = storedCopy satisfies z.ZodType<CopyValue>
const storedMinifigValue = storedMinifig satisfies z.ZodType<MinifigValue>
const SET_VALUES: { readonly [F in SetField]: z.ZodType<SetFieldValues[F]> } = STORED_SET_FIELDS

const setEditOf = <F extends SetField>(field: F) =>
  z.object({
    kind: z.literal('set'),
    setID: setId,
    field: z.literal(field),
    value: SET_VALUES[field]
  })

const storedSetEdit = z.discriminatedUnion('field', [
  setEditOf('owned'),
  setEditOf('wanted'),
  setEditOf('qtyOwned'),
  setEditOf('notes'),
  setEditOf('rating'),
  setEditOf('flag1'),
  setEditOf('flag2'),
  setEditOf('flag3'),
  setEditOf('flag4'),
  setEditOf('flag5'),
  setEditOf('flag6'),
  setEditOf('flag7'),
  setEditOf('flag8')
])

/** One absolute edit as the journal stores it. */
const storedEdit = z.union([
  storedSetEdit,
  z.object({
    kind: z.literal('copy'),
    setID: setId,
    localId: z.string().min(1),
    value: storedCopyValue.nullable()
  }),
  z.object({
    kind: z.literal('minifig'),
    minifigNumber: z.string().min(1),
    value: storedMinifigValue
  }),
  z.object({ kind: z.literal('label'), flagNo, value: z.string() })
]) satisfies z.ZodType<Edit>

const storedEditList = z.array(storedEdit)

/** A journal entry's forward or backward list; `what` names it in the error ("An undo step"). */
export function readStoredEdits(json: string, what: string): Edit[] {
  return readStoredJson(storedEditList, json, what)
}

/** The edit that writes `json` (an outbox row's value, as JSON) to the row's target. */
export function readStoredEdit(t: OutboxTarget, json: string, what: string): Edit {
  const ids =
    t.kind === 'set'
      ? { kind: t.kind, setID: t.setID, field: t.field }
      : t.kind === 'copy'
        ? { kind: t.kind, setID: t.setID, localId: t.localId }
        : t.kind === 'minifig'
          ? { kind: t.kind, minifigNumber: t.minifigNumber }
          : { kind: t.kind, flagNo: t.flagNo }
  const asEdit = z
    .unknown()
    .transform((value) => ({ ...ids, value }))
    .pipe(storedEdit)
  return readStoredJson(asEdit, json, what)
}

/** A copy row's value (desired, base, or one it sent): null when the copy is deleted. */
export function readStoredCopy(json: string, what: string): CopyValue | null {
  return readStoredJson(storedCopyValue.nullable(), json, what)
}
