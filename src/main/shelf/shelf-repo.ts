import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'
import { copyLocations, locatedCopies } from '../collection/index'
import type { LocatedCopyRow } from '../collection/index'

/**
 * Every statement of the shelf audit: the audits and their marks (migration 150). The locations
 * the copies use and the copies a code can name are the collection's (locatedCopies), which owns
 * the copies; the sets a number names are the catalogue's (setsNamedByNumber).
 */

export type { LocatedCopyRow }

/** Each location text the profile's live copies use, with how many copies use it. */
export const locationTexts = copyLocations

/** The live copies whose location text is one of `locations` (as stored, exactly). */
export function copiesWithLocations(
  db: ReadDb,
  p: number,
  locations: readonly string[]
): LocatedCopyRow[] {
  return locations.length === 0 ? [] : locatedCopies(db, p, { locations })
}

/** Live copies by local id (the ids marked in an audit). */
export function copiesByIds(db: ReadDb, p: number, ids: readonly string[]): LocatedCopyRow[] {
  return ids.length === 0 ? [] : locatedCopies(db, p, { localIds: ids })
}

/** Live copies with this service copy id. */
export function copiesByCollectionId(db: ReadDb, p: number, id: number): LocatedCopyRow[] {
  return locatedCopies(db, p, { collectionId: id })
}

/** Live copies of the sets numbered so: `75192-1` exactly, `75192` any variant (as scan mode reads a set number). */
export function copiesOfSetNumber(
  db: ReadDb,
  p: number,
  number: string,
  variant: number | null
): LocatedCopyRow[] {
  return locatedCopies(db, p, { setNumber: number, variant })
}

/** An audit's key: its number is the profile's (a restore may bring one another profile has). */
export interface AuditKey {
  readonly profile_id: number
  readonly id: number
}

export interface AuditRow extends AuditKey {
  readonly location: string
  readonly started_at: string
  readonly ended_at: string | null
  readonly fix_journal_id: number | null
}

export function openAudit(db: ReadDb, p: number): AuditRow | undefined {
  return get(
    db,
    sql`SELECT profile_id, id, location, started_at, ended_at, fix_journal_id FROM shelf_audits
        WHERE profile_id = ${p} AND ended_at IS NULL`
  )
}

export function auditById(db: ReadDb, p: number, id: number): AuditRow | undefined {
  return get(
    db,
    sql`SELECT profile_id, id, location, started_at, ended_at, fix_journal_id FROM shelf_audits
        WHERE profile_id = ${p} AND id = ${id}`
  )
}

/** The new audit's number: one past the whole table's highest, so numbers stay unique here. */
export function insertAudit(db: WriteDb, p: number, location: string, now: string): number {
  const row = get<{ id: number }>(
    db,
    sql`INSERT INTO shelf_audits (profile_id, id, location, started_at)
        SELECT ${p}, coalesce(max(id), 0) + 1, ${location}, ${now} FROM shelf_audits
        RETURNING id`
  )
  if (!row) throw new Error('the audit was not written')
  return row.id
}

export function endAudit(
  db: WriteDb,
  p: number,
  id: number,
  now: string,
  journalId: number | null
): void {
  run(
    db,
    sql`UPDATE shelf_audits SET ended_at = ${now}, fix_journal_id = ${journalId}
        WHERE profile_id = ${p} AND id = ${id} AND ended_at IS NULL`
  )
}

export interface MarkRow {
  readonly local_id: string
  readonly code: string
  readonly mark: 'seen' | 'missing'
  readonly marked_at: string
}

export function marksOf(db: ReadDb, a: AuditKey): MarkRow[] {
  return all(
    db,
    sql`SELECT local_id, code, mark, marked_at FROM shelf_audit_marks
        WHERE profile_id = ${a.profile_id} AND audit_id = ${a.id} ORDER BY marked_at, rowid`
  )
}

/** The marks of these copies in an audit (a tick looks at the few copies its code names). */
export function marksOfCopies(
  db: ReadDb,
  a: AuditKey,
  ids: readonly string[]
): Map<string, MarkRow['mark']> {
  const rows = all<{ local_id: string; mark: MarkRow['mark'] }>(
    db,
    sql`SELECT local_id, mark FROM shelf_audit_marks
        WHERE profile_id = ${a.profile_id} AND audit_id = ${a.id} AND code = ''
          AND local_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`
  )
  return new Map(rows.map((r) => [r.local_id, r.mark]))
}

/** A copy (`localId`, code '') or a code that named none (localId '', the code) marked so. */
export function putMark(
  db: WriteDb,
  a: AuditKey,
  key: { localId: string; code: string },
  mark: 'seen' | 'missing',
  now: string
): void {
  run(
    db,
    sql`INSERT INTO shelf_audit_marks (profile_id, audit_id, local_id, code, mark, marked_at)
        VALUES (${a.profile_id}, ${a.id}, ${key.localId}, ${key.code}, ${mark}, ${now})
        ON CONFLICT (profile_id, audit_id, local_id, code) DO UPDATE SET mark = excluded.mark,
          marked_at = excluded.marked_at`
  )
}

export function dropMark(db: WriteDb, a: AuditKey, key: { localId: string; code: string }): void {
  run(
    db,
    sql`DELETE FROM shelf_audit_marks
        WHERE profile_id = ${a.profile_id} AND audit_id = ${a.id} AND local_id = ${key.localId}
          AND code = ${key.code}`
  )
}

/** Live copies whose local id starts with `head` (a label's printed `local 1a2b3c4d`). */
export function copiesByIdHead(db: ReadDb, p: number, head: string): LocatedCopyRow[] {
  return locatedCopies(db, p, { localIdHead: head })
}
