import { fieldWords } from '../../shared/model/edit-words'
import type { ImportChangeDto } from '../../shared/model/exchange'
import { flagField, setEdit } from '../collection/index'
import type { CopyValue, Edit, SetFieldValues } from '../collection/index'
import type { ImportIntent } from './import-formats'

/** A set as it stands locally, for comparing an import against. */
export interface CurrentSet {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly state: SetFieldValues
  readonly copies: readonly CopyValue[]
}

export interface ImportPlan {
  readonly edits: readonly Edit[]
  readonly items: readonly ImportChangeDto[]
  readonly adds: number
  readonly changes: number
  readonly unchanged: number
  readonly unknown: readonly string[]
}

const show = (v: unknown): string =>
  typeof v === 'boolean'
    ? v
      ? 'yes'
      : 'no'
    : typeof v === 'string'
      ? JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)
      : String(v)

function sameCopy(a: CopyValue, b: CopyValue): boolean {
  return (
    a.dateAcquired === b.dateAcquired &&
    a.pricePaid === b.pricePaid &&
    a.currentEstimatedValue === b.currentEstimatedValue &&
    a.conditionWhenAcquired === b.conditionWhenAcquired &&
    a.notes === b.notes
  )
}

/**
 * Compares intents with the local collection: which sets are added (nothing held before), changed,
 * unchanged or unknown to the catalogue, and the absolute edits that apply the import.
 */
export function planImport(
  intents: readonly ImportIntent[],
  lookup: (fullNumber: string) => CurrentSet | null,
  newLocalId: () => string
): ImportPlan {
  const edits: Edit[] = []
  const items: ImportChangeDto[] = []
  const unknown: string[] = []
  let unchanged = 0
  for (const intent of intents) {
    const current = lookup(intent.fullNumber)
    if (!current) {
      unknown.push(intent.fullNumber)
      continue
    }
    const before = current.state
    const setEdits: Edit[] = []
    const notes: string[] = []
    const change = <F extends keyof SetFieldValues>(
      field: F,
      value: SetFieldValues[F] | undefined
    ): void => {
      if (value === undefined || before[field] === value) return
      setEdits.push(setEdit(current.setID, field, value))
      notes.push(`${fieldWords(field)} ${show(before[field])} → ${show(value)}`)
    }
    const newCopies = (intent.copies ?? []).filter(
      (c) => !current.copies.some((h) => sameCopy(h, c))
    )
    const qty =
      intent.copies !== undefined
        ? Math.min(999, Math.max(before.qtyOwned, current.copies.length + newCopies.length, 1))
        : intent.qtyOwned
    change('owned', intent.owned)
    change('wanted', intent.wanted)
    change('qtyOwned', qty)
    change('notes', intent.notes)
    for (const [flagNo, value] of intent.flags ?? []) change(flagField(flagNo), value)
    for (const copy of newCopies) {
      setEdits.push({ kind: 'copy', setID: current.setID, localId: newLocalId(), value: copy })
    }
    if (newCopies.length > 0)
      notes.push(`+${newCopies.length} ${newCopies.length === 1 ? 'copy' : 'copies'}`)
    if (setEdits.length === 0) {
      unchanged++
      continue
    }
    const held = before.owned || before.wanted || before.qtyOwned > 0
    edits.push(...setEdits)
    items.push({
      fullNumber: current.fullNumber,
      setID: current.setID,
      name: current.name,
      kind: held ? 'change' : 'add',
      summary: notes.join(', ')
    })
  }
  return {
    edits,
    items,
    adds: items.filter((i) => i.kind === 'add').length,
    changes: items.filter((i) => i.kind === 'change').length,
    unchanged,
    unknown
  }
}
