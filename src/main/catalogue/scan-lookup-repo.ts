import type { SetSummaryDto } from '../../shared/model/catalog'
import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { join, raw, sql } from '../store/sql'
import type { Sql } from '../store/sql'
import type { ScanQuery } from './scan-code'
import { SET_COLUMNS, summaryOf } from './set-rows'
import type { SetStateSql } from './set-state-port'
import type { SummaryRow } from './set-rows'
import { numberSortKey } from './sets-repo'

/**
 * The sets a scanned code names (issue #17); each statement walks an index, never the whole table.
 * The user's state of each comes from `state`, the collection's SQL (set-state-port.ts).
 */

function stateRows(db: ReadDb, state: SetStateSql, profileId: number, where: Sql): SummaryRow[] {
  return all<SummaryRow>(
    db,
    sql`SELECT ${raw(SET_COLUMNS)}, ${state.stateColumns} FROM ${state.setsWithState}
        WHERE s.profile_id = ${profileId} AND ${where}`
  )
}

const list = (values: readonly string[]): Sql =>
  join(
    values.map((v) => sql`${v}`),
    ', '
  )

/** Every set the code names, by number; empty when none does. */
export function setsByCode(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  q: ScanQuery
): SetSummaryDto[] {
  const found: SummaryRow[] = []
  const rows = (where: Sql) => stateRows(db, state, profileId, where)
  if (q.barcodes.length > 0) {
    // Two statements, so each walks its own index (an OR of the two columns may read the table).
    found.push(...rows(sql`s.ean IN (${list(q.barcodes)})`))
    found.push(...rows(sql`s.upc IN (${list(q.barcodes)})`))
  }
  if (q.fullNumber !== null) found.push(...rows(sql`s.full_number = ${q.fullNumber}`))
  if (q.number !== null) {
    // A number without its variant means its -1, the set everyone calls by that number.
    const first = rows(sql`s.full_number = ${`${q.number}-1`}`)
    found.push(
      ...(first.length > 0
        ? first
        : rows(sql`s.number_sort = ${numberSortKey(q.number)} AND s.number = ${q.number}`))
    )
  }
  const bySet = new Map(found.map((r) => [r.set_id, summaryOf(r, profileId)]))
  return [...bySet.values()].sort(
    (a, b) => a.fullNumber.localeCompare(b.fullNumber, 'en') || a.setID - b.setID
  )
}

/** One set as lists show it, with the user's state; null when the catalogue lacks it. */
export function setSummary(
  db: ReadDb,
  state: SetStateSql,
  profileId: number,
  setID: number
): SetSummaryDto | null {
  const [row] = stateRows(db, state, profileId, sql`s.set_id = ${setID}`)
  return row ? summaryOf(row, profileId) : null
}
