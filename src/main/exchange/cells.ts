import { copyInput } from '../../shared/ipc/channels/collection'
import type { CopyValue } from '../collection/index'
import { unneutralise } from './csv'

/** A row the import cannot use: the reason is shown in the preview next to its line. */
export class RowError extends Error {}

/** `10179` → `10179-1`: a number without a variant means the first variant (Rebrickable, BrickLink). */
export function normaliseSetNumber(raw: string, variant = ''): string {
  const n = raw.trim()
  const v = variant.trim()
  if (n === '') throw new RowError('The row has no set number.')
  if (!/^[A-Za-z0-9][A-Za-z0-9._/]*(-\d+)?$/.test(n) || n.length > 40) {
    throw new RowError(`"${n.slice(0, 40)}" is not a set number.`)
  }
  if (v !== '') {
    if (!/^\d{1,3}$/.test(v)) throw new RowError(`"${v.slice(0, 10)}" is not a set variant.`)
    return `${n}-${Number(v)}`
  }
  return /-\d+$/.test(n) ? n : `${n}-1`
}

/** A minifigure number as BrickLink and the service write it (sw0001a, hp150, col123). */
export function minifigNumber(raw: string): string {
  const n = raw.trim()
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/.test(n)) {
    throw new RowError(`"${n.slice(0, 40)}" is not a minifigure number.`)
  }
  return n
}

/** A whole number from 0 to max; blank is 0. */
export function wholeNumber(cell: string, column: string, max: number): number {
  const text = cell.trim()
  if (text === '') return 0
  const n = Number(text)
  if (!/^\d+$/.test(text) || n > max) {
    throw new RowError(
      `"${column}" must be a whole number from 0 to ${max} (found "${text.slice(0, 20)}").`
    )
  }
  return n
}

const YES = /^(yes|y|true|1|x|✓|ja|oui|si|sí)$/i
const NO = /^(no|n|false|0|nein|non)?$/i

/** Yes/No as the sites write it (also True/False, 1/0, X or blank). */
export function yesNo(cell: string, column: string): boolean {
  const text = cell.trim()
  if (YES.test(text)) return true
  if (NO.test(text)) return false
  throw new RowError(`"${column}" must be Yes or No (found "${text.slice(0, 20)}").`)
}

// C0 controls other than tab, CR and LF are refused by the collection's own text fields.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g

/**
 * A text cell as the collection keeps it, invisible controls dropped. Text from a site's file is
 * kept as written: only our two spreadsheet files carry the formula guard (see sheetCell).
 */
export function textCell(cell: string, column: string, max: number): string {
  const text = cell.replace(CONTROL, '').toWellFormed()
  if (text.length > max) {
    throw new RowError(`"${column}" is longer than ${max} characters.`)
  }
  return text
}

/** A text cell of a spreadsheet file (our full export, Brickset's layout): our `'` taken off. */
export function sheetCell(cell: string, column: string, max: number): string {
  return textCell(unneutralise(cell), column, max)
}

/** A copy as the form would accept it (the same schema): a date in the future is refused, say. */
export function checkedCopy(fields: CopyValue): CopyValue {
  const parsed = copyInput.safeParse(fields)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new RowError(
    `The copy's ${String(issue?.path[0] ?? 'details')}: ${issue?.message ?? 'invalid'}.`
  )
}
