import { isWithin } from '../../shared/model/location-path'
import { copyIdText } from '../../shared/model/shelf'
import type { AuditDto, AuditRowDto, AuditStatus } from '../../shared/model/shelf'
import type { ReadDb } from '../store/handles'
import { textsAt } from './locations'
import { resolveCode } from './audit-codes'
import { copiesByIds, copiesWithLocations, marksOf } from './shelf-repo'
import type { AuditRow, LocatedCopyRow, MarkRow } from './shelf-repo'

/**
 * An audit's rows, worked out from the records as they are now and the marks kept: a copy is
 * expected when its location is the audited one or under it, found or missing by its mark, and
 * misplaced when it was seen here but is recorded elsewhere. Nothing is copied at the start, so a
 * copy the user moves meanwhile (an edit, a sync) shows where it is recorded now.
 */

export function copyRow(c: LocatedCopyRow, status: AuditStatus): AuditRowDto {
  return {
    localId: c.local_id,
    code: null,
    setID: c.set_id,
    fullNumber: c.full_number ?? `set ${String(c.set_id)}`,
    name: c.name ?? '',
    copyId: copyIdText(c.collection_id, c.local_id),
    location: c.location,
    status
  }
}

/** A code seen here that names no copy, with the set it names when it names one. */
export function codeRow(db: ReadDb, p: number, code: string): AuditRowDto {
  const r = resolveCode(db, p, code)
  const set = r.kind === 'noCopy' ? r.set : null
  return {
    localId: null,
    code,
    setID: set?.set_id ?? null,
    fullNumber: set?.full_number ?? code,
    name: set?.name ?? (r.kind === 'noCopy' ? r.why : ''),
    copyId: '',
    location: '',
    status: 'unexpected'
  }
}

/** A copy's status in an audit of `root` with this mark; null when it is no row of it. */
export function statusOf(
  root: string,
  location: string,
  mark: MarkRow['mark'] | undefined
): AuditStatus | null {
  if (isWithin(location, root)) {
    return mark === 'seen' ? 'found' : mark === 'missing' ? 'missing' : 'unchecked'
  }
  // Ticked missing, then moved away: no longer this place's concern.
  return mark === 'seen' ? 'misplaced' : null
}

/** Lets the loop answer between two queries (timers, IPC, the window's other requests). */
function nextSlice(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/**
 * The rows, one query a slice: a room of 500 copies read in one go held the loop 40-70 ms on
 * the loaded 2-core machine (bench/shelf.ts).
 */
export async function auditRows(db: ReadDb, p: number, audit: AuditRow): Promise<AuditRowDto[]> {
  const texts = textsAt(db, p, audit.location, true)
  await nextSlice()
  const expected = copiesWithLocations(db, p, texts)
  await nextSlice()
  // Marks after the copies: a tick that lands meanwhile is in them, whatever its copy.
  const marks = marksOf(db, audit)
  const byCopy = new Map<string, MarkRow['mark']>()
  for (const m of marks) if (m.local_id !== '') byCopy.set(m.local_id, m.mark)
  const here = new Set(expected.map((c) => c.local_id))
  const elsewhere = copiesByIds(
    db,
    p,
    marks.filter((m) => m.local_id !== '' && !here.has(m.local_id)).map((m) => m.local_id)
  )
  await nextSlice()
  const rows: AuditRowDto[] = []
  for (const c of [...expected, ...elsewhere]) {
    const status = statusOf(audit.location, c.location, byCopy.get(c.local_id))
    if (status !== null) rows.push(copyRow(c, status))
  }
  for (const m of marks) if (m.local_id === '') rows.push(codeRow(db, p, m.code))
  return rows
}

export async function auditDto(db: ReadDb, p: number, audit: AuditRow): Promise<AuditDto> {
  return {
    id: audit.id,
    location: audit.location,
    startedAt: audit.started_at,
    endedAt: audit.ended_at,
    fixJournalId: audit.fix_journal_id,
    rows: await auditRows(db, p, audit)
  }
}
