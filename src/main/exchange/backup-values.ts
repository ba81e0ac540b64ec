import type { z } from 'zod'
import { collectionChannels } from '../../shared/ipc/channels/collection'
import { viewsChannels } from '../../shared/ipc/channels/views'
import { copyFieldsOfRow, setValuesOf } from '../collection/index'
import type { CopyValue, MinifigValue, SetFieldValues } from '../collection/index'
import type { PortableView } from '../views/index'
import type { Raw } from './backup-repo'

/**
 * A backup's rows checked value by value with the very schemas an edit through the screens
 * passes (the IPC contract's inputs): a note over 1,000 characters, a quantity of 1.5 or a
 * 5,000-character flag name fails here exactly as it would when typed. A row that fails is kept
 * out of the restore and named in the preview; it is never written.
 */

/** One refused row, as the preview names it. */
export interface Refusal {
  readonly what: string
  readonly why: string
}

const updateSet = collectionChannels['collection:updateSet'].input
const saveCopy = collectionChannels['collection:saveCopy'].input
const updateMinifig = collectionChannels['collection:updateMinifig'].input
const setLabel = collectionChannels['flags:setLabel'].input
const saveView = viewsChannels['views:save'].input

function why(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'not valid'
  const path = issue.path.filter((p) => p !== 'patch' && p !== 'copy').join('.')
  return `${path ? `${path}: ` : ''}${issue.message}`
}

/** 0/1 columns: anything else (2, 'yes', 0.5) is not a yes or no. */
function bool(v: unknown): boolean | undefined {
  return v === 0 ? false : v === 1 ? true : undefined
}

const FLAGS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const

export function checkSet(
  r: Raw
): { setID: number; value: SetFieldValues } | { setID: unknown; refusal: Refusal } {
  const what = `Set ${String(r.set_id)}`
  const owned = bool(r.owned)
  const wanted = bool(r.wanted)
  const flags = r.flags
  if (owned === undefined || wanted === undefined) {
    return { setID: r.set_id, refusal: { what, why: 'owned or wanted is not yes or no' } }
  }
  if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0 || flags > 255) {
    return { setID: r.set_id, refusal: { what, why: 'flags are not 8 yes-or-no values' } }
  }
  const bits = FLAGS.map((_, i) => (flags & (1 << i)) !== 0)
  const parsed = updateSet.safeParse({
    setID: r.set_id,
    patch: {
      owned,
      wanted,
      qtyOwned: r.qty_owned,
      notes: r.notes,
      rating: r.rating,
      flags: Object.fromEntries(FLAGS.map((f, i) => [f, bits[i]]))
    }
  })
  if (!parsed.success) return { setID: r.set_id, refusal: { what, why: why(parsed.error) } }
  const p = parsed.data.patch
  const fields = {
    owned,
    wanted,
    qtyOwned: p.qtyOwned ?? 0,
    notes: p.notes ?? '',
    rating: p.rating ?? 0
  }
  return { setID: parsed.data.setID, value: setValuesOf(fields, flags) }
}

type CheckedCopy =
  | { localId: string; setID: number; deleted: boolean; value: CopyValue }
  | { localId: unknown; setID: unknown; refusal: Refusal }

export function checkCopy(r: Raw): CheckedCopy {
  const what = `A copy of set ${String(r.set_id)}`
  const flags = ['parts', 'minifigs', 'instructions', 'box', 'will_trade', 'modified', 'deleted']
  const yesNo = Object.fromEntries(flags.map((f) => [f, bool(r[f])]))
  const bad = flags.find((f) => yesNo[f] === undefined)
  if (bad !== undefined) {
    return { localId: r.local_id, setID: r.set_id, refusal: { what, why: `${bad}: not yes or no` } }
  }
  const parsed = saveCopy.safeParse({
    setID: r.set_id,
    localId: r.local_id,
    copy: {
      // The collection's own map of copies columns to fields: the values go in as the file holds
      // them, for the schema to judge; its yes/no ones are replaced by those checked above.
      ...copyFieldsOfRow(r),
      parts: yesNo.parts,
      minifigs: yesNo.minifigs,
      instructions: yesNo.instructions,
      box: yesNo.box,
      willTrade: yesNo.will_trade,
      modified: yesNo.modified
    }
  })
  if (!parsed.success || parsed.data.localId === undefined) {
    const reason = parsed.success ? 'no id' : why(parsed.error)
    return { localId: r.local_id, setID: r.set_id, refusal: { what, why: reason } }
  }
  return {
    localId: parsed.data.localId,
    setID: parsed.data.setID,
    deleted: yesNo.deleted === true,
    value: parsed.data.copy
  }
}

export function checkMinifig(
  r: Raw
): { number: string; value: MinifigValue } | { refusal: Refusal } {
  const what = `Minifigure ${String(r.minifig_number).slice(0, 50)}`
  const wanted = bool(r.wanted)
  if (wanted === undefined) return { refusal: { what, why: 'wanted: not yes or no' } }
  const parsed = updateMinifig.safeParse({
    minifigNumber: r.minifig_number,
    ownedLoose: r.owned_loose,
    wanted
  })
  if (!parsed.success) return { refusal: { what, why: why(parsed.error) } }
  return {
    number: parsed.data.minifigNumber,
    value: { ownedLoose: parsed.data.ownedLoose ?? 0, wanted }
  }
}

/** An empty name is a flag without one (the edit path never sends one; the backup may hold it). */
export function checkLabel(r: Raw): { flagNo: number; label: string } | { refusal: Refusal } {
  const what = `Flag ${String(r.flag_no)}`
  if (r.label === '' && typeof r.flag_no === 'number') {
    return { flagNo: r.flag_no, label: '' }
  }
  const parsed = setLabel.safeParse({ flagNo: r.flag_no, label: r.label })
  if (!parsed.success) return { refusal: { what, why: why(parsed.error) } }
  return { flagNo: parsed.data.flagNo, label: parsed.data.label }
}

export function checkView(r: Raw): PortableView | { refusal: Refusal } {
  const what = `Saved view ${JSON.stringify(String(r.name).slice(0, 60))}`
  let query: unknown
  try {
    query = typeof r.query === 'string' ? JSON.parse(r.query) : undefined
  } catch {
    return { refusal: { what, why: 'its query is not readable' } }
  }
  const parsed = saveView.safeParse({ name: r.name, query })
  if (!parsed.success) return { refusal: { what, why: why(parsed.error) } }
  return { name: parsed.data.name, query: parsed.data.query }
}
