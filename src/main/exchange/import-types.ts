import type { DateOrder, ImportProblemDto } from '../../shared/model/exchange'
import type { CopyValue } from '../collection/index'
import type { PortableView } from '../views/index'
import { LocalRowBook } from './local-rows'
import type { LocalRows } from './local-rows'
import { RowError } from './cells'
import type { DateReading } from './dates'

/** A copy a file lists, with the service's id when our own full export carried it. */
export interface CopyIntent {
  readonly line: number
  readonly value: CopyValue
  readonly collectionID: number | null
}

/** What one set should become; an absent field stays as it is. */
export interface SetIntent {
  readonly fullNumber: string
  readonly lines: number[]
  owned?: boolean
  wanted?: boolean
  /** Absolute (Brickset, Rebrickable, our export); repeated rows add up. */
  qtyOwned?: number
  /** Owned units the file lists one row each (BrickEconomy): the quantity is at least this. */
  unitsAtLeast?: number
  notes?: string
  rating?: number
  flags?: Map<number, boolean>
  copies?: CopyIntent[]
}

export interface MinifigIntent {
  readonly number: string
  readonly lines: number[]
  ownedLoose?: number
  wanted?: boolean
}

/** A file read into intents, with what could not be used and what the user should know. */
export interface ParsedFile {
  /** The layout in words ("Brickset collection CSV, older layout"). */
  readonly layout: string
  readonly rows: number
  readonly sets: readonly SetIntent[]
  readonly minifigs: readonly MinifigIntent[]
  /** Flag names the file gives (flag number → name). */
  readonly labels: ReadonlyMap<number, string>
  readonly problems: readonly ImportProblemDto[]
  readonly notices: readonly string[]
  readonly question: DateReading['question']
  /** How an imported copy is recognised as one already held: by every field, or those the file carries. */
  readonly copyMatch: 'all' | 'carried'
  /** Saved views (our full export only), in the file's order. */
  readonly views?: readonly PortableView[]
  /** The local tables' rows (our full export only), each checked. */
  readonly local?: LocalRows
}

/** What a reader needs besides the text: the service's condition list and the user's answers. */
export interface ReadContext {
  readonly conditions: readonly string[]
  /** The user's flag names (index 0 = flag 1): files' flag columns are matched to them by name. */
  readonly labels?: readonly string[]
  readonly dateOrder?: DateOrder
}

type RowPatch = Omit<SetIntent, 'fullNumber' | 'lines'>

/**
 * Files a row under its entry's name (case folded): the first row of a name is kept as the
 * entry, `undefined` returned; a later one adds its line and gets the entry held, to merge into.
 */
function heldBefore<T extends { lines: number[] }>(
  book: Map<string, T>,
  name: string,
  line: number,
  first: () => T
): T | undefined {
  const key = name.toLowerCase()
  const had = book.get(key)
  if (!had) {
    book.set(key, first())
    return undefined
  }
  had.lines.push(line)
  return had
}

/** Two rows' counts summed, up to the 999 a count holds; either may be absent. */
const sum = (a?: number, b?: number): number | undefined =>
  a === undefined ? b : b === undefined ? a : Math.min(999, a + b)
/** Two rows' yes-or-no: yes if either says so; either may be absent. */
const any = (a?: boolean, b?: boolean): boolean | undefined =>
  a === undefined ? b : b === undefined ? a : a || b

/**
 * Collects a file's rows into one intent per set and per minifigure. Repeated rows are summed:
 * quantities and listed units add up, wanted and flags hold if any row says so, the first notes
 * and copies in file order are kept.
 */
export class IntentBook {
  private readonly sets = new Map<string, SetIntent>()
  private readonly figs = new Map<string, MinifigIntent>()
  private readonly views: PortableView[] = []
  /** Local tables' rows (our full export): a damaged one refuses the file (local-rows.ts). */
  readonly local = new LocalRowBook()
  readonly problems: ImportProblemDto[] = []
  rows = 0

  /** Runs one row's reader; a RowError becomes a problem on that line, anything else propagates. */
  row(line: number, read: () => void): void {
    this.rows++
    try {
      read()
    } catch (e) {
      if (!(e instanceof RowError)) throw e
      this.problems.push({ line, reason: e.message })
    }
  }

  set(fullNumber: string, line: number, patch: RowPatch): void {
    const had = heldBefore(this.sets, fullNumber, line, () => ({
      fullNumber,
      lines: [line],
      ...patch
    }))
    if (!had) return
    const qty = sum(had.qtyOwned, patch.qtyOwned)
    if (qty !== undefined) had.qtyOwned = qty
    const units = sum(had.unitsAtLeast, patch.unitsAtLeast)
    if (units !== undefined) had.unitsAtLeast = units
    const owned = any(had.owned, patch.owned)
    if (owned !== undefined) had.owned = owned
    const wanted = any(had.wanted, patch.wanted)
    if (wanted !== undefined) had.wanted = wanted
    if ((had.notes ?? '') === '' && patch.notes !== undefined) had.notes = patch.notes
    if (patch.rating !== undefined) had.rating = Math.max(had.rating ?? 0, patch.rating)
    for (const [flagNo, on] of patch.flags ?? []) {
      had.flags ??= new Map()
      had.flags.set(flagNo, (had.flags.get(flagNo) ?? false) || on)
    }
    if (patch.copies) had.copies = [...(had.copies ?? []), ...patch.copies]
  }

  minifig(number: string, line: number, patch: Omit<MinifigIntent, 'number' | 'lines'>): void {
    const had = heldBefore(this.figs, number, line, () => ({ number, lines: [line], ...patch }))
    if (!had) return
    const loose = sum(had.ownedLoose, patch.ownedLoose)
    if (loose !== undefined) had.ownedLoose = loose
    const wanted = any(had.wanted, patch.wanted)
    if (wanted !== undefined) had.wanted = wanted
  }

  view(view: PortableView): void {
    this.views.push(view)
  }

  /** The intents, with a notice naming the sets that were listed more than once. */
  finish(
    rest: Omit<ParsedFile, 'rows' | 'sets' | 'minifigs' | 'problems' | 'notices'> & {
      notices?: readonly string[]
      /** Our full export repeats a set on each of its copies' rows: that is no duplicate. */
      rowsPerCopy?: boolean
    }
  ): ParsedFile {
    const sets = [...this.sets.values()]
    const figs = [...this.figs.values()]
    const repeated = [...sets.map((s) => s.lines), ...figs.map((m) => m.lines)].filter(
      (l) => l.length > 1
    ).length
    const { rowsPerCopy, notices: given, ...file } = rest
    const local = this.local.finish()
    const notices = [...(given ?? [])]
    if (repeated > 0 && rowsPerCopy !== true) {
      notices.push(
        `${repeated} ${repeated === 1 ? 'entry is' : 'entries are'} listed on more than one row: ` +
          'the rows were summed (each change shows its lines).'
      )
    }
    return {
      ...file,
      rows: this.rows,
      sets,
      minifigs: figs,
      problems: [...this.problems].sort((a, b) => a.line - b.line),
      notices,
      ...(this.views.length > 0 ? { views: [...this.views] } : {}),
      ...(local ? { local } : {})
    }
  }
}
