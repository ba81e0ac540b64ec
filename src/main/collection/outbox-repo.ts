import type { OutboxItemDto, OutboxState } from '../../shared/model/sync'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'

/** The outbox: one row per (target, field) waiting for the service; values are JSON. */

export interface OutboxRow {
  readonly id: number
  readonly profile_id: number
  readonly set_id: number | null
  readonly target: string
  readonly field: string
  readonly desired: string
  readonly base: string
  readonly state: OutboxState
  readonly reason: string | null
  readonly server: string | null
  readonly attempts: number
  /**
   * What this row sent since its base was last confirmed (recorded before each write), or null:
   * see migration 70 and sentValues. Read it through sentValues only.
   */
  readonly sent: string | null
  readonly journal_id: number | null
  readonly created_at: string
  readonly updated_at: string
}

interface Enqueue {
  readonly setID: number | null
  readonly target: string
  readonly field: string
  readonly desired: unknown
  /** The value before this edit: becomes the row's base unless an older row keeps its own. */
  readonly before: unknown
  readonly journalId: number | null
}

/**
 * Adds an edit to the outbox, coalescing with a row for the same (target, field): the newest desired
 * value, the oldest base. A row in conflict takes the server value it showed as its new base:
 * editing again after seeing it is the user's answer. Returns the row id.
 */
export function enqueue(db: WriteDb, profileId: number, e: Enqueue, now: string): number {
  const existing = oldest(
    all<OutboxRow>(
      db,
      sql`SELECT * FROM outbox WHERE profile_id = ${profileId} AND target = ${e.target}
            AND field = ${e.field}`
    )
  )
  const desired = JSON.stringify(e.desired)
  if (existing) {
    const base =
      existing.state === 'conflict' && existing.server !== null ? existing.server : existing.base
    run(
      db,
      sql`UPDATE outbox SET desired = ${desired}, base = ${base}, state = 'pending', reason = NULL,
            server = NULL, attempts = 0, journal_id = coalesce(${e.journalId}, journal_id),
            updated_at = ${now}
          WHERE id = ${existing.id}`
    )
    return existing.id
  }
  const r = run(
    db,
    sql`INSERT INTO outbox (profile_id, set_id, target, field, desired, base, journal_id, created_at, updated_at)
        VALUES (${profileId}, ${e.setID}, ${e.target}, ${e.field}, ${desired},
          ${JSON.stringify(e.before)}, ${e.journalId}, ${now}, ${now})`
  )
  return Number(r.lastInsertRowid)
}

/**
 * Whether the service still holds `value` for the field: a row waits to change it and was never
 * sent (the row's base is the service's value). A row in flight or in conflict does not count.
 */
export function serviceStillHolds(
  db: ReadDb,
  profileId: number,
  target: string,
  field: string,
  value: unknown
): boolean {
  const row = oldest(
    all<{ id: number; base: string }>(
      db,
      sql`SELECT id, base FROM outbox WHERE profile_id = ${profileId} AND target = ${target}
            AND field = ${field} AND state = 'pending'`
    )
  )
  return row !== undefined && row.base === JSON.stringify(value)
}

/**
 * The oldest of a field's rows (an edit coalesces into it, so there is rarely more than one).
 * Chosen here rather than by `ORDER BY id LIMIT 1`: the index holds the state before the id, so
 * SQLite sorted each answer in a temporary b-tree, about 60 µs a call against 5 for the seek
 * alone; the edit path asks once per set, 10,000 times in a bulk edit's undo (issue #25).
 */
function oldest<R extends { readonly id: number }>(rows: readonly R[]): R | undefined {
  let first: R | undefined
  for (const r of rows) if (first === undefined || r.id < first.id) first = r
  return first
}

export function getRow(db: ReadDb, id: number): OutboxRow | null {
  return get<OutboxRow>(db, sql`SELECT * FROM outbox WHERE id = ${id}`) ?? null
}

export function rowsOf(db: ReadDb, profileId: number): OutboxRow[] {
  return all<OutboxRow>(db, sql`SELECT * FROM outbox WHERE profile_id = ${profileId} ORDER BY id`)
}

export function pendingRows(db: ReadDb, profileId: number): OutboxRow[] {
  return all<OutboxRow>(
    db,
    sql`SELECT * FROM outbox WHERE profile_id = ${profileId} AND state = 'pending' ORDER BY id`
  )
}

/**
 * Whether the profile has anything a push round works on (a row to send, a conflict to read again),
 * asked without reading the rows: after a bulk edit there are thousands (issue #25).
 */
export function hasRoundWork(db: ReadDb, profileId: number): boolean {
  const r = get<{ n: number }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM outbox WHERE profile_id = ${profileId}
          AND state IN ('pending', 'conflict')) AS n`
  )
  return (r?.n ?? 0) !== 0
}

/**
 * The sets with a row a push round works on (pending or in conflict), each once: after a round,
 * their badges are told again. Only the ids: reading those rows whole after a bulk edit of 5,000
 * sets held the main thread 30-50 ms before every round (issue #25).
 */
export function roundSetIDs(db: ReadDb, profileId: number): number[] {
  return all<{ s: number }>(
    db,
    sql`SELECT DISTINCT set_id AS s FROM outbox WHERE profile_id = ${profileId}
          AND state IN ('pending', 'conflict') AND set_id IS NOT NULL`
  ).map((r) => r.s)
}

/** The newest row's id, or 0: a round passes over the rows that were there when it began. */
export function lastOutboxId(db: ReadDb, profileId: number): number {
  const r = get<{ id: number | null }>(
    db,
    sql`SELECT max(id) AS id FROM outbox WHERE profile_id = ${profileId}`
  )
  return r?.id ?? 0
}

/**
 * One page of pending rows, oldest first: those after `afterId` up to `upTo`. A round reads the
 * outbox page by page, as reading 5,000 rows at once held the main thread ~100 ms (issue #25).
 */
export function pendingPage(
  db: ReadDb,
  profileId: number,
  page: { readonly afterId: number; readonly upTo: number; readonly limit: number }
): OutboxRow[] {
  return all<OutboxRow>(
    db,
    sql`SELECT * FROM outbox WHERE profile_id = ${profileId} AND state = 'pending'
          AND id > ${page.afterId} AND id <= ${page.upTo} ORDER BY id LIMIT ${page.limit}`
  )
}

/** Rows waiting for the user to choose between their value and the service's. */
export function conflictRows(db: ReadDb, profileId: number): OutboxRow[] {
  return all<OutboxRow>(
    db,
    sql`SELECT * FROM outbox WHERE profile_id = ${profileId} AND state = 'conflict' ORDER BY id`
  )
}

/** The row as it is now, if it still waits to be sent: an edit may have changed it meanwhile. */
export function pendingRow(db: ReadDb, id: number): OutboxRow | null {
  return (
    get<OutboxRow>(db, sql`SELECT * FROM outbox WHERE id = ${id} AND state = 'pending'`) ?? null
  )
}

/** Pending rows of one field of one target (owned and quantity travel together). */
export function pendingRowsOf(
  db: ReadDb,
  profileId: number,
  target: string,
  field: string
): OutboxRow[] {
  return all<OutboxRow>(
    db,
    sql`SELECT * FROM outbox WHERE profile_id = ${profileId} AND target = ${target}
          AND field = ${field} AND state = 'pending'`
  )
}

/**
 * Removes a row once the service confirmed `pushed`. If the user edited the field meanwhile, the row
 * stays with the confirmed value as its new base. Returns true when the row is gone.
 */
export function confirmRow(db: WriteDb, row: OutboxRow, pushed: string, now: string): boolean {
  const r = run(db, sql`DELETE FROM outbox WHERE id = ${row.id} AND desired = ${pushed}`)
  if (r.changes > 0) return true
  run(
    db,
    sql`UPDATE outbox SET base = ${pushed}, sent = NULL, attempts = 0, updated_at = ${now}
        WHERE id = ${row.id} AND state = 'pending'`
  )
  return false
}

/**
 * Every value this row sent since its base was last confirmed, as JSON texts. A write whose answer
 * never got recorded (a crash, a dropped connection) may have landed, and so may any earlier one of
 * the same row: a later edit coalesces into the row and its write may itself never leave. Stored
 * in `sent` as a JSON array of those texts; a row from before holds one text (a field's value is
 * never an array, so the two cannot be confused).
 */
export function sentValues(row: Pick<OutboxRow, 'sent'>): string[] {
  if (row.sent === null) return []
  try {
    const v: unknown = JSON.parse(row.sent)
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string')
  } catch {
    return []
  }
  return [row.sent]
}

/**
 * Each value is kept once, the newest last; a row keeps at most this many (32 writes of different
 * values, each unanswered, without one confirmed: far beyond what crashes in a row leave).
 */
const MAX_SENT = 32

/**
 * Records, before a write goes out, the value it sends beside the ones sent before: committed
 * first, so a crash after the service applied any of them still knows that value is our own.
 */
export function markSent(db: WriteDb, id: number, value: string, now: string): void {
  const row = get<Pick<OutboxRow, 'sent'>>(db, sql`SELECT sent FROM outbox WHERE id = ${id}`)
  if (!row) return
  const sent = [...sentValues(row).filter((v) => v !== value), value].slice(-MAX_SENT)
  run(
    db,
    sql`UPDATE outbox SET sent = ${JSON.stringify(sent)}, updated_at = ${now} WHERE id = ${id}`
  )
}

export function markRow(
  db: WriteDb,
  id: number,
  change: { state: OutboxState; reason: string | null; server?: string | null },
  now: string
): void {
  run(
    db,
    sql`UPDATE outbox SET state = ${change.state}, reason = ${change.reason},
          server = ${change.server ?? null}, updated_at = ${now}
        WHERE id = ${id}`
  )
}

export function bumpAttempts(db: WriteDb, id: number, reason: string, now: string): void {
  run(
    db,
    sql`UPDATE outbox SET attempts = attempts + 1, reason = ${reason}, updated_at = ${now} WHERE id = ${id}`
  )
}

/** A new base: the service's value the user has now seen (resolving a conflict as "mine"). */
export function rebaseRow(db: WriteDb, id: number, base: string, now: string): void {
  run(db, sql`UPDATE outbox SET base = ${base}, updated_at = ${now} WHERE id = ${id}`)
}

export function deleteRow(db: WriteDb, id: number): void {
  run(db, sql`DELETE FROM outbox WHERE id = ${id}`)
}

const show = (json: string | null): string => {
  if (json === null) return ''
  const v: unknown = JSON.parse(json)
  if (v === null) return '(none)'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'string' || typeof v === 'number') return String(v)
  return JSON.stringify(v)
}

function fieldLabel(row: OutboxRow): string {
  const flag = /^flag([1-8])$/.exec(row.field)
  if (flag) return `flag ${flag[1] ?? ''}`
  if (row.field === 'minifig') return `minifig ${row.target.slice('minifig:'.length)}`
  if (row.field === 'label') return `flag label ${row.target.slice('label:'.length)}`
  return row.field
}

export function toDto(row: OutboxRow, setLabel: (setID: number) => string): OutboxItemDto {
  return {
    id: row.id,
    setID: row.set_id,
    label: row.set_id !== null ? setLabel(row.set_id) : fieldLabel(row),
    field: fieldLabel(row),
    desired: show(row.desired),
    base: show(row.base),
    server: row.server === null ? null : show(row.server),
    state: row.state,
    reason: row.reason,
    createdAt: row.created_at
  }
}
