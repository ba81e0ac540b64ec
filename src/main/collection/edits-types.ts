import type { z } from 'zod'
import type { copyInput } from '../../shared/ipc/channels/collection'

/** Absolute edits: each names one field of one target and its new value (idempotent). */

type FlagField = 'flag1' | 'flag2' | 'flag3' | 'flag4' | 'flag5' | 'flag6' | 'flag7' | 'flag8'

export interface SetFieldValues {
  readonly owned: boolean
  readonly wanted: boolean
  readonly qtyOwned: number
  readonly notes: string
  readonly rating: number
  readonly flag1: boolean
  readonly flag2: boolean
  readonly flag3: boolean
  readonly flag4: boolean
  readonly flag5: boolean
  readonly flag6: boolean
  readonly flag7: boolean
  readonly flag8: boolean
}

export type SetField = keyof SetFieldValues

/**
 * A set's values from its own fields and its eight flags as one bitmask (bit 0 is flag 1), as the
 * set_state table and a backup hold them.
 */
export function setValuesOf(
  fields: Omit<SetFieldValues, FlagField>,
  flags: number
): SetFieldValues {
  const on = (flagNo: number): boolean => (flags & (1 << (flagNo - 1))) !== 0
  return {
    ...fields,
    flag1: on(1),
    flag2: on(2),
    flag3: on(3),
    flag4: on(4),
    flag5: on(5),
    flag6: on(6),
    flag7: on(7),
    flag8: on(8)
  }
}

export const SET_FIELDS: readonly SetField[] = [
  'owned',
  'wanted',
  'qtyOwned',
  'notes',
  'rating',
  'flag1',
  'flag2',
  'flag3',
  'flag4',
  'flag5',
  'flag6',
  'flag7',
  'flag8'
]

export function flagField(flagNo: number): FlagField {
  if (!Number.isInteger(flagNo) || flagNo < 1 || flagNo > 8) throw new Error(`bad flag ${flagNo}`)
  return `flag${flagNo}` as FlagField
}

export function flagNoOf(field: SetField): number | null {
  const m = /^flag([1-8])$/.exec(field)
  return m ? Number(m[1]) : null
}

/** One copy's user-entered details (the service's collectionDetails record minus ids). */
export type CopyValue = z.output<typeof copyInput>

export interface MinifigValue {
  readonly ownedLoose: number
  readonly wanted: boolean
}

type SetEdit = {
  [F in SetField]: {
    readonly kind: 'set'
    readonly setID: number
    readonly field: F
    readonly value: SetFieldValues[F]
  }
}[SetField]

export type Edit =
  | SetEdit
  | {
      readonly kind: 'copy'
      readonly setID: number
      readonly localId: string
      /** null: the copy is deleted. */
      readonly value: CopyValue | null
    }
  | { readonly kind: 'minifig'; readonly minifigNumber: string; readonly value: MinifigValue }
  | { readonly kind: 'label'; readonly flagNo: number; readonly value: string }

export function setEdit<F extends SetField>(
  setID: number,
  field: F,
  value: SetFieldValues[F]
): SetEdit {
  return { kind: 'set', setID, field, value } as SetEdit
}
