import { AppError } from '../../shared/errors'
import type { ReadDb, WriteDb } from '../store/handles'
import { inSlicesOf } from '../store/slices'
import type { LocalRow, LocalTable } from '../store/local-table'
import { LOCAL_TABLES } from '../store/local-tables/index'
import { countLocalRows, putLocalRows, rawLocalRows } from './local-rows-repo'
import { RowError } from './cells'

/**
 * The rows of the local tables (store/local-tables) as a backup or a full export carries them:
 * table name → its rows, each checked with the table's zod schema. Unlike a collection row (left
 * out and named in the preview), a local row that fails refuses the whole file: there is no
 * service copy of it to fall back on, and half a ledger is worse than none, so nothing is written.
 */
export type LocalRows = Readonly<Record<string, readonly LocalRow[]>>

/** `where`: what the user chose, as the message names it ("This backup", "Line 40 of the file"). */
function tooManyLocalRows(where: string, table: LocalTable, n: number): AppError {
  return new AppError(
    'invalid_input',
    `${where} holds ${n} rows of ${table.name}, more than Studbook reads (${table.maxRows}).`,
    { field: 'data' }
  )
}

/** Checks one row; throws a typed error naming the table, the row and the first problem. */
function checkLocalRow(table: LocalTable, r: unknown, where: string): LocalRow {
  const parsed = table.row.safeParse(r)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const at = issue ? `${issue.path.join('.')}: ${issue.message}` : 'not valid'
  throw new AppError(
    'invalid_input',
    `${where} has a damaged row of ${table.name} (${at.slice(0, 200)}), so nothing of it was read.`,
    { field: 'data' }
  )
}

/**
 * The profile's rows of each local table the backup has (`has`, from its schema check), counted
 * against the table's budget before they are read, then checked row by row. Runs in the backup
 * worker, on the untrusted copy.
 */
export function readLocalTables(
  db: ReadDb,
  profileId: number,
  has: ReadonlySet<string>
): LocalRows {
  const out: Record<string, LocalRow[]> = {}
  for (const table of LOCAL_TABLES) {
    if (!has.has(table.name)) continue
    const n = countLocalRows(db, table, profileId)
    if (n > table.maxRows) throw tooManyLocalRows('This backup', table, n)
    // The LIMIT holds even if the count was lied to (it is the same file, but costs nothing).
    const rows = rawLocalRows(db, table, profileId, table.maxRows)
    out[table.name] = rows.map((r, i) => checkLocalRow(table, r, `This backup (row ${i + 1})`))
  }
  return out
}

/**
 * Checks rows again where they crossed a boundary as text (the plan the preview saved): the
 * registry decides which tables exist, and each row passes its schema once more.
 */
export function recheckLocalRows(saved: unknown): LocalRows {
  const o = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {}
  const out: Record<string, LocalRow[]> = {}
  for (const table of LOCAL_TABLES) {
    const rows = o[table.name]
    if (!Array.isArray(rows)) continue
    if (rows.length > table.maxRows) throw tooManyLocalRows('This backup', table, rows.length)
    out[table.name] = rows.map((r) => checkLocalRow(table, r, 'This backup'))
  }
  return out
}

/** The profile's rows of every local table, as the full export writes them (our own data). */
export function localRowsForExport(db: ReadDb, profileId: number): LocalRows {
  return Object.fromEntries(
    LOCAL_TABLES.map((t) => [t.name, rawLocalRows(db, t, profileId, t.maxRows) as LocalRow[]])
  )
}

/**
 * The local rows of a full export's import, collected line by line: an unknown table is a
 * problem on its line (a newer Studbook's; left out), a damaged row or too many refuse the file.
 */
export class LocalRowBook {
  private readonly rows = new Map<string, LocalRow[]>()

  add(name: string, json: string, line: number): void {
    const table = LOCAL_TABLES.find((t) => t.name === name)
    if (!table) {
      throw new RowError(`"${name.slice(0, 60)}" is data this version of Studbook does not keep.`)
    }
    const where = `Line ${line} of the file`
    let value: unknown
    try {
      value = JSON.parse(json)
    } catch {
      value = undefined
    }
    const checked = checkLocalRow(table, value, where)
    const list = this.rows.get(name) ?? []
    if (list.length >= table.maxRows) throw tooManyLocalRows('This file', table, list.length + 1)
    list.push(checked)
    this.rows.set(name, list)
  }

  finish(): LocalRows | undefined {
    return this.rows.size === 0 ? undefined : Object.fromEntries(this.rows)
  }
}

/** The preview's words for the local rows a file brings. */
export function localNotice(rows: LocalRows): string[] {
  return Object.entries(rows).map(
    ([name, r]) =>
      `${r.length} ${r.length === 1 ? 'row' : 'rows'} of ${name} (kept only in Studbook, not on ` +
      'the service) will be merged with those here.'
  )
}

/**
 * An import's local rows merged into the profile's tables on the main connection, in slices with
 * the event loop given back between them (the main thread rule). A merge is idempotent, so a
 * crash between slices leaves some rows merged and the rest as they were: importing again ends it.
 */
export async function mergeLocalRows(
  db: WriteDb,
  profileId: number,
  rows: LocalRows
): Promise<number> {
  const queue = LOCAL_TABLES.flatMap((t) => (rows[t.name] ?? []).map((r) => [t, r] as const))
  return inSlicesOf(db, queue, (slice) => {
    for (const table of LOCAL_TABLES) {
      const mine = slice.filter(([t]) => t === table).map(([, r]) => r)
      if (mine.length > 0) putLocalRows(db, table, profileId, mine, 'merge')
    }
  })
}
