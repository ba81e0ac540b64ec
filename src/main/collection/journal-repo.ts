import type { JournalEntryDto, JournalStepDto } from '../../shared/model/sync'
import type { ReadDb, WriteDb } from '../store/handles'
import { all, get, run } from '../store/handles'
import { sql } from '../store/sql'
import type { Edit } from './edits-types'
import { readStoredEdits } from './stored-edits'

/** The journal of applied edits: forward and backward lists of absolute edits per entry. */

interface JournalRow {
  id: number
  at: string
  description: string
  forward: string
  backward: string
  undone: number
}

interface JournalEntry {
  readonly id: number
  readonly description: string
  readonly forward: readonly Edit[]
  readonly backward: readonly Edit[]
}

const entry = (r: JournalRow): JournalEntry => ({
  id: r.id,
  description: r.description,
  // Parsed, not cast: a damaged entry (a restored backup) stops its undo before anything is written.
  forward: readStoredEdits(r.forward, `The journal entry ${r.id} (its redo)`),
  backward: readStoredEdits(r.backward, `The journal entry ${r.id} (its undo)`)
})

export function appendJournal(
  db: WriteDb,
  profileId: number,
  j: { description: string; forward: readonly Edit[]; backward: readonly Edit[]; batchId?: string },
  now: string
): number {
  // A new edit ends the redo chain.
  run(
    db,
    sql`UPDATE journal SET redo_seq = NULL WHERE profile_id = ${profileId} AND redo_seq IS NOT NULL`
  )
  const r = run(
    db,
    sql`INSERT INTO journal (profile_id, at, description, forward, backward, batch_id)
        VALUES (${profileId}, ${now}, ${j.description}, ${JSON.stringify(j.forward)},
          ${JSON.stringify(j.backward)}, ${j.batchId ?? null})`
  )
  return Number(r.lastInsertRowid)
}

/** The newest entry not undone: what undo reverts. */
export function undoCandidate(db: ReadDb, profileId: number): JournalEntry | null {
  const r = get<JournalRow>(
    db,
    sql`SELECT * FROM journal WHERE profile_id = ${profileId} AND undone = 0 ORDER BY id DESC LIMIT 1`
  )
  return r ? entry(r) : null
}

/** The most recently undone entry still on the redo chain: what redo re-applies. */
export function redoCandidate(db: ReadDb, profileId: number): JournalEntry | null {
  const r = get<JournalRow>(
    db,
    sql`SELECT * FROM journal WHERE profile_id = ${profileId} AND redo_seq IS NOT NULL
        ORDER BY redo_seq DESC LIMIT 1`
  )
  return r ? entry(r) : null
}

export function setUndone(db: WriteDb, profileId: number, id: number, undone: boolean): void {
  if (undone) {
    run(
      db,
      sql`UPDATE journal SET undone = 1, redo_seq = (SELECT coalesce(max(redo_seq), 0) + 1 FROM journal
            WHERE profile_id = ${profileId}) WHERE id = ${id}`
    )
  } else {
    run(db, sql`UPDATE journal SET undone = 0, redo_seq = NULL WHERE id = ${id}`)
  }
}

export function listJournal(db: ReadDb, profileId: number, limit: number): JournalEntryDto[] {
  return all<JournalRow>(
    db,
    sql`SELECT * FROM journal WHERE profile_id = ${profileId} ORDER BY id DESC LIMIT ${limit}`
  ).map((r) => ({ id: r.id, at: r.at, description: r.description, undone: r.undone === 1 }))
}

export function journalDto(db: ReadDb, id: number): JournalEntryDto | null {
  const r = get<JournalRow>(db, sql`SELECT * FROM journal WHERE id = ${id}`)
  return r ? { id: r.id, at: r.at, description: r.description, undone: r.undone === 1 } : null
}

/**
 * An entry with the number of distinct sets its edits touch (minifigure and label edits name no
 * set), counted in SQL so a 5,000-set entry is not parsed to tell its size (a damaged list, none).
 */
export function journalStep(db: ReadDb, id: number): JournalStepDto | null {
  const dto = journalDto(db, id)
  if (dto === null) return null
  const n = get<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT json_extract(e.value, '$.setID')) AS n
        FROM journal j, json_each(j.forward) e WHERE j.id = ${id} AND json_valid(j.forward)`
  )
  return { ...dto, sets: n?.n ?? 0 }
}

/** One entry of the profile's journal, undone or not; null when it is not the profile's. */
export function journalEntryOf(
  db: ReadDb,
  profileId: number,
  id: number
): (JournalEntry & { readonly undone: boolean; readonly batchId: string | null }) | null {
  const r = get<JournalRow & { batch_id: string | null }>(
    db,
    sql`SELECT * FROM journal WHERE profile_id = ${profileId} AND id = ${id}`
  )
  return r ? { ...entry(r), undone: r.undone === 1, batchId: r.batch_id } : null
}

/** Whether an entry of this batch stands (not undone): a scan's undo is made once. */
export function batchStands(db: ReadDb, profileId: number, batchId: string): boolean {
  return (
    get(
      db,
      sql`SELECT 1 AS x FROM journal WHERE profile_id = ${profileId} AND batch_id = ${batchId}
          AND undone = 0`
    ) !== undefined
  )
}

/**
 * The id of the entry undo (or redo) would replay now: the entry itself is not read, so asking
 * whether there is one costs nothing after a 5,000-set edit (its lists are about 1 MB of JSON).
 */
export function nextEntryId(db: ReadDb, profileId: number, which: 'undo' | 'redo'): number | null {
  const r =
    which === 'undo'
      ? get<{ id: number }>(
          db,
          sql`SELECT id FROM journal WHERE profile_id = ${profileId} AND undone = 0
              ORDER BY id DESC LIMIT 1`
        )
      : get<{ id: number }>(
          db,
          sql`SELECT id FROM journal WHERE profile_id = ${profileId} AND redo_seq IS NOT NULL
              ORDER BY redo_seq DESC LIMIT 1`
        )
  return r?.id ?? null
}

/**
 * How many edits undo (or redo) would replay now, counted in SQL without parsing the entry. A
 * damaged list counts none here: the replay itself parses it and refuses it with its AppError.
 */
export function replaySize(db: ReadDb, profileId: number, which: 'undo' | 'redo'): number {
  const r =
    which === 'undo'
      ? get<{ n: number }>(
          db,
          sql`SELECT iif(json_valid(backward), json_array_length(backward), 0) AS n FROM journal
              WHERE profile_id = ${profileId} AND undone = 0 ORDER BY id DESC LIMIT 1`
        )
      : get<{ n: number }>(
          db,
          sql`SELECT iif(json_valid(forward), json_array_length(forward), 0) AS n FROM journal
              WHERE profile_id = ${profileId} AND redo_seq IS NOT NULL ORDER BY redo_seq DESC LIMIT 1`
        )
  return r?.n ?? 0
}
