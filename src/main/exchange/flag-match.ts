/**
 * Which of the user's eight flags a file's flag column is read into. Columns are matched by their
 * label, never by their place: a Brickset file is another account's layout (its "Boxed" may be the
 * third column where the user's is flag 2), and renaming by place once left two flags named
 * "Boxed". No two flags ever end up with one name.
 */

/** A flag column of a file: where it is, its label ('' for none) and the flag its place stands for. */
export interface FlagColumn {
  readonly index: number
  readonly name: string
  readonly position: number
}

interface FlagMatch {
  /** The columns that are read, and the flag each goes to. */
  readonly columns: readonly { readonly index: number; readonly flagNo: number }[]
  /** Names the file gives flags that had none (flag number → name). */
  readonly labels: ReadonlyMap<number, string>
  /** What the user should know: columns read into another flag, or not read at all. */
  readonly notices: readonly string[]
  /** Columns without a name that were not read: their flag has a name of its own. */
  readonly unread: readonly FlagColumn[]
}

const LABEL_MAX = 20
const key = (name: string): string => name.trim().toLowerCase()

/** A column name that stands for "no name": ours (`Flag 3`) or Brickset's (`Flag 3 not used`). */
function isPlaceholder(name: string): boolean {
  return /^flag [1-8]( not used)?$/i.test(name.trim())
}

/**
 * Named columns first: one the user has a flag of that name for goes there; a new name goes to a
 * flag without a name (its own place if that one is free) and names it. Columns without a name go
 * to the flag of their place only when that flag has no name and no column took it.
 */
export function matchFlags(columns: readonly FlagColumn[], local: readonly string[]): FlagMatch {
  const names = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => local[n - 1]?.trim() ?? '')
  const byName = new Map<string, number>()
  names.forEach((name, i) => {
    if (name !== '' && !byName.has(key(name))) byName.set(key(name), i + 1)
  })
  const taken = new Set<number>()
  const read: { index: number; flagNo: number }[] = []
  const labels = new Map<number, string>()
  const notices: string[] = []
  const seen = new Set<string>()
  const named: (FlagColumn & { label: string })[] = []
  for (const c of columns) {
    const label = c.name.trim().slice(0, LABEL_MAX)
    if (label === '' || isPlaceholder(label)) continue
    if (seen.has(key(label))) {
      notices.push(`The flag column "${label}" appears twice; only the first was read.`)
      continue
    }
    seen.add(key(label))
    named.push({ ...c, label })
  }
  const put = (c: FlagColumn & { label: string }, flagNo: number): void => {
    taken.add(flagNo)
    read.push({ index: c.index, flagNo })
    if (flagNo !== c.position) {
      notices.push(
        `The file's flag column ${c.position} "${c.label}" is read into your flag ${flagNo}` +
          (names[flagNo - 1] === '' ? ', which takes its name.' : '.')
      )
    }
  }
  const fresh: (FlagColumn & { label: string })[] = []
  for (const c of named) {
    const flagNo = byName.get(key(c.label))
    if (flagNo === undefined) fresh.push(c)
    else put(c, flagNo)
  }
  const free = (n: number): boolean => names[n - 1] === '' && !taken.has(n)
  // Places a new name may still want for itself: another new name does not take them first.
  const ownPlace = new Set(fresh.map((c) => c.position))
  for (const c of fresh) {
    const flagNo = free(c.position)
      ? c.position
      : [1, 2, 3, 4, 5, 6, 7, 8].find((n) => free(n) && !ownPlace.has(n))
    const any = flagNo ?? [1, 2, 3, 4, 5, 6, 7, 8].find(free)
    if (any === undefined) {
      notices.push(
        `The flag column "${c.label}" was not read: all eight flags have other names. ` +
          'Clear one in Settings and import again to keep it.'
      )
      continue
    }
    labels.set(any, c.label)
    put(c, any)
  }
  const unread: FlagColumn[] = []
  for (const c of columns) {
    const label = c.name.trim()
    if (label !== '' && !isPlaceholder(label)) continue
    if (free(c.position)) {
      taken.add(c.position)
      read.push({ index: c.index, flagNo: c.position })
    } else {
      unread.push(c)
    }
  }
  return { columns: read, labels, notices, unread }
}

const TICK = /^(yes|y|true|1|x|✓)$/i

/**
 * Ticks in a column without a name that was not read (its flag has a name of its own): said in
 * the preview with the first line, rather than dropped without a word.
 */
export function unreadTicks(
  m: FlagMatch,
  rows: readonly { readonly line: number; readonly cells: readonly string[] }[],
  local: readonly string[]
): string[] {
  return m.unread.flatMap((c) => {
    const first = rows.find((r) => TICK.test((r.cells[c.index] ?? '').trim()))
    if (!first) return []
    const mine = local[c.position - 1]?.trim() ?? ''
    const why =
      mine === '' ? 'another column was read into it' : `your flag ${c.position} is "${mine}"`
    return [
      `The file's flag column ${c.position} "${c.name.trim()}" has ticks (line ${first.line}), ` +
        `but ${why}: that column was not read.`
    ]
  })
}
