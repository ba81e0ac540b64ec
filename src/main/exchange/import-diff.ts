import { fieldWords } from '../../shared/model/edit-words'
import type {
  ImportChangeDto,
  ImportProblemDto,
  ImportRowCounts
} from '../../shared/model/exchange'
import { BLANK_COPY } from '../../shared/model/collection'
import { flagField, isBlank, setEdit } from '../collection/index'
import type { CopyValue, Edit, MinifigValue, SetFieldValues } from '../collection/index'
import type { CopyIntent, MinifigIntent, ParsedFile, SetIntent } from './import-types'

/** A copy held locally. */
export interface HeldCopy {
  readonly localId: string
  readonly collectionID: number | null
  readonly value: CopyValue
}

/** A set as it stands locally, for comparing an import against. */
export interface CurrentSet {
  readonly setID: number
  readonly fullNumber: string
  readonly name: string
  readonly state: SetFieldValues
  readonly copies: readonly HeldCopy[]
}

/** A minifigure with a row locally, under the number as the service spells it. */
interface HeldMinifig {
  readonly number: string
  readonly name: string
  readonly value: MinifigValue
}

/** The local collection, as the plan reads it. */
export interface CurrentCollection {
  set(fullNumber: string): CurrentSet | null
  minifig(number: string): HeldMinifig | null
  /** Flag names, index 0 = flag 1. */
  readonly labels: readonly string[]
}

export interface ImportPlan {
  readonly edits: readonly Edit[]
  readonly items: readonly ImportChangeDto[]
  readonly adds: number
  readonly changes: number
  readonly unchanged: number
  /** The file's rows by what they do; saved views' rows are counted by the view merge. */
  readonly rowsBy: ImportRowCounts
  readonly flagNames: number
  /** The file's unusable rows, and those naming sets the catalogue does not have. */
  readonly problems: readonly ImportProblemDto[]
}

const show = (v: unknown): string =>
  typeof v === 'boolean'
    ? v
      ? 'yes'
      : 'no'
    : typeof v === 'string'
      ? JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)
      : String(v)

const CARRIED = [
  'dateAcquired',
  'currency',
  'pricePaid',
  'currentEstimatedValue',
  'conditionWhenAcquired',
  'notes'
] as const
const ALL = Object.keys(BLANK_COPY) as (keyof CopyValue)[]

const sameOn = (fields: readonly (keyof CopyValue)[], a: CopyValue, b: CopyValue): boolean =>
  fields.every((f) => a[f] === b[f])

interface CopyPlan {
  readonly edits: Edit[]
  readonly added: number
  readonly updated: number
  /** Live copies with details once the import is in: the quantity cannot go below them. */
  readonly detailedAfter: number
}

/**
 * Pairs each imported copy with at most one held copy: by the service's id when the file carries
 * it, else by its details. An unpaired imported copy is added; held copies are never removed.
 */
function planCopies(
  current: CurrentSet,
  copies: readonly CopyIntent[],
  match: ParsedFile['copyMatch'],
  newLocalId: () => string
): CopyPlan {
  const fields = match === 'all' ? ALL : CARRIED
  const free = new Map(current.copies.map((c) => [c.localId, c]))
  const edits: Edit[] = []
  let added = 0
  let updated = 0
  const after = new Map(current.copies.map((c) => [c.localId, c.value]))
  for (const copy of copies) {
    const byId =
      copy.collectionID === null
        ? undefined
        : [...free.values()].find((h) => h.collectionID === copy.collectionID)
    const held = byId ?? [...free.values()].find((h) => sameOn(fields, h.value, copy.value))
    if (held) {
      free.delete(held.localId)
      if (byId && !sameOn(ALL, held.value, copy.value)) {
        edits.push({ kind: 'copy', setID: current.setID, localId: held.localId, value: copy.value })
        after.set(held.localId, copy.value)
        updated++
      }
      continue
    }
    const localId = newLocalId()
    edits.push({ kind: 'copy', setID: current.setID, localId, value: copy.value })
    after.set(localId, copy.value)
    added++
  }
  const detailedAfter = [...after.values()].filter((v) => !isBlank(v)).length
  return { edits, added, updated, detailedAfter }
}

/** The quantity the file asks for, before the floor the copies set. */
function askedQuantity(intent: SetIntent, before: SetFieldValues): number {
  if (intent.qtyOwned !== undefined) return intent.qtyOwned
  if (intent.unitsAtLeast !== undefined) return Math.max(before.qtyOwned, intent.unitsAtLeast)
  if (intent.owned === true) return Math.max(before.qtyOwned, 1)
  if (intent.owned === false) return 0
  return before.qtyOwned
}

function planSet(
  intent: SetIntent,
  current: CurrentSet,
  file: ParsedFile,
  labels: readonly string[],
  newLocalId: () => string
): { edits: Edit[]; words: string[] } {
  const before = current.state
  const edits: Edit[] = []
  const words: string[] = []
  const change = <F extends keyof SetFieldValues>(
    field: F,
    value: SetFieldValues[F] | undefined,
    name = fieldWords(field)
  ): void => {
    if (value === undefined || before[field] === value) return
    edits.push(setEdit(current.setID, field, value))
    words.push(`${name} ${show(before[field])} → ${show(value)}`)
  }
  const copies = planCopies(current, intent.copies ?? [], file.copyMatch, newLocalId)
  const asked = Math.min(999, askedQuantity(intent, before))
  const qty = Math.max(asked, copies.detailedAfter)
  change('qtyOwned', qty)
  if (qty > asked) {
    words.push(
      `kept at ${qty}: ${copies.detailedAfter} ${copies.detailedAfter === 1 ? 'copy carries' : 'copies carry'} details`
    )
  }
  change('wanted', intent.wanted)
  change('notes', intent.notes)
  change('rating', intent.rating)
  for (const [flagNo, value] of intent.flags ?? []) {
    change(
      flagField(flagNo),
      value,
      fieldWords(`flag${flagNo}`, (n) => labels[n - 1] || `Flag ${n}`)
    )
  }
  edits.push(...copies.edits)
  if (copies.added > 0) words.push(`+${copies.added} ${copies.added === 1 ? 'copy' : 'copies'}`)
  if (copies.updated > 0) {
    words.push(`${copies.updated} ${copies.updated === 1 ? 'copy' : 'copies'} updated`)
  }
  return { edits, words }
}

function planMinifig(
  intent: MinifigIntent,
  current: HeldMinifig | null
): { edit: Edit | null; words: string[]; held: boolean; name: string } {
  const before = current?.value ?? { ownedLoose: 0, wanted: false }
  const value = {
    ownedLoose: intent.ownedLoose ?? before.ownedLoose,
    wanted: intent.wanted ?? before.wanted
  }
  const words: string[] = []
  if (value.ownedLoose !== before.ownedLoose) {
    words.push(`Owned loose ${before.ownedLoose} → ${value.ownedLoose}`)
  }
  if (value.wanted !== before.wanted)
    words.push(`Wanted ${show(before.wanted)} → ${show(value.wanted)}`)
  return {
    edit:
      words.length > 0
        ? { kind: 'minifig', minifigNumber: current?.number ?? intent.number, value }
        : null,
    words,
    held: before.ownedLoose > 0 || before.wanted,
    name: current?.name ?? ''
  }
}

/**
 * Compares a read file with the local collection: which sets, minifigures and flag names are
 * added (nothing held before), changed or unchanged, which rows name sets the catalogue lacks, and
 * the absolute edits that apply the import.
 */
export function planImport(
  file: ParsedFile,
  local: CurrentCollection,
  newLocalId: () => string
): ImportPlan {
  const edits: Edit[] = []
  const items: (ImportChangeDto & { first: number })[] = []
  const problems = [...file.problems]
  let unchanged = 0
  // Each row read lands in one of these: a set's or minifigure's rows go where it goes.
  const rowsBy = { add: 0, change: 0, unchanged: 0 }
  const labels = local.labels.map((l, i) => file.labels.get(i + 1) ?? l)
  const item = (i: Omit<ImportChangeDto, 'lines'>, lines: readonly number[]): void => {
    items.push({ ...i, lines, first: lines[0] ?? 0 })
  }
  for (const [flagNo, label] of file.labels) {
    const before = local.labels[flagNo - 1] ?? ''
    if (label === before) continue
    edits.push({ kind: 'label', flagNo, value: label })
    const number = `Flag ${flagNo}`
    const summary = `${fieldWords(`flag label ${flagNo}`)} ${show(before)} → ${show(label)}`
    item(
      {
        key: `label:${flagNo}`,
        target: 'label',
        number,
        setID: null,
        name: '',
        kind: before === '' ? 'add' : 'change',
        summary
      },
      [1]
    )
  }
  for (const intent of file.sets) {
    const current = local.set(intent.fullNumber)
    if (!current) {
      for (const line of intent.lines) {
        problems.push({ line, reason: `Set ${intent.fullNumber} is not in the catalogue.` })
      }
      continue
    }
    const planned = planSet(intent, current, file, labels, newLocalId)
    if (planned.edits.length === 0) {
      unchanged++
      rowsBy.unchanged += intent.lines.length
      continue
    }
    const b = current.state
    const kind = b.owned || b.wanted || b.qtyOwned > 0 ? 'change' : 'add'
    rowsBy[kind] += intent.lines.length
    edits.push(...planned.edits)
    item(
      {
        key: `set:${current.setID}`,
        target: 'set',
        number: current.fullNumber,
        setID: current.setID,
        name: current.name,
        kind,
        summary: planned.words.join(', ')
      },
      intent.lines
    )
  }
  for (const intent of file.minifigs) {
    const planned = planMinifig(intent, local.minifig(intent.number))
    if (planned.edit === null) {
      unchanged++
      rowsBy.unchanged += intent.lines.length
      continue
    }
    rowsBy[planned.held ? 'change' : 'add'] += intent.lines.length
    edits.push(planned.edit)
    item(
      {
        key: `minifig:${intent.number.toLowerCase()}`,
        target: 'minifig',
        number: intent.number,
        setID: null,
        name: planned.name,
        kind: planned.held ? 'change' : 'add',
        summary: planned.words.join(', ')
      },
      intent.lines
    )
  }
  items.sort((a, b) => a.first - b.first)
  return {
    edits,
    items: items.map(({ first: _first, ...i }) => i),
    adds: items.filter((i) => i.kind === 'add').length,
    changes: items.filter((i) => i.kind === 'change').length,
    unchanged,
    rowsBy: { ...rowsBy, notUsed: problems.length },
    flagNames: items.filter((i) => i.target === 'label').length,
    problems: problems.sort((a, b) => a.line - b.line)
  }
}
