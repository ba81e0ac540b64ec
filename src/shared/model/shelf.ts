/**
 * The shelf audit (issue #30 §4): the user walks one location (with its sub-locations), ticks
 * each box found or missing by a click, a typed code or a scanned box label, and ends with a
 * report of what differs from the records, and one fix for it.
 */

/**
 * Where a row of the audit stands:
 * - `unchecked`: recorded here, not ticked yet;
 * - `found`: recorded here and seen here;
 * - `missing`: recorded here, ticked as not here;
 * - `misplaced`: seen here but recorded elsewhere (or nowhere);
 * - `unexpected`: seen here, naming no copy (a set with no copy, a label of a copy since gone).
 */
export type AuditStatus = 'unchecked' | 'found' | 'missing' | 'misplaced' | 'unexpected'

export interface AuditRowDto {
  /** The copy; null for an unexpected code. */
  readonly localId: string | null
  /** What was typed or scanned, for an unexpected row; null for a copy. */
  readonly code: string | null
  readonly setID: number | null
  readonly fullNumber: string
  readonly name: string
  /** `#123456` once the service numbered the copy, `local <head>` before (as the box label). */
  readonly copyId: string
  /** The copy's location as recorded ('' for none, or for an unexpected code). */
  readonly location: string
  readonly status: AuditStatus
}

export interface AuditDto {
  readonly id: number
  /** The location walked, canonical (`Attic › Shelf 2`). */
  readonly location: string
  readonly startedAt: string
  /** Set when the audit was ended or fixed; an ended audit takes no more ticks. */
  readonly endedAt: string | null
  readonly fixJournalId: number | null
  /** The copies recorded here, then what was seen here that was not, in location order. */
  readonly rows: readonly AuditRowDto[]
}

/** What a tick (a code typed or scanned, or a click) did. */
type TickOutcome =
  'found' | 'missing' | 'misplaced' | 'unexpected' | 'cleared' | 'already' | 'ambiguous' | 'unknown'

export interface TickDto {
  readonly outcome: TickOutcome
  /** One sentence for the live region and the line under the field. */
  readonly message: string
  /** The row as it is now (null when nothing was recorded). */
  readonly row: AuditRowDto | null
  /** For `ambiguous`: the copies the code could name; a click on one ticks it. */
  readonly candidates: readonly AuditRowDto[]
}

export interface AuditReportDto {
  readonly auditId: number
  readonly location: string
  readonly expected: number
  readonly found: number
  readonly missing: readonly AuditRowDto[]
  /** Recorded here, never ticked: not counted as missing, and no fix touches them. */
  readonly unchecked: readonly AuditRowDto[]
  readonly misplaced: readonly AuditRowDto[]
  readonly unexpected: readonly AuditRowDto[]
}

export interface AuditFixDto {
  /** The one journal entry (Ctrl+Z reverts every move at once); null when nothing moved. */
  readonly journalId: number | null
  readonly moved: number
  readonly description: string
}

/** A place the copies use, for the location field's suggestions and the audit's chooser. */
export interface LocationUseDto {
  readonly path: string
  /** Copies recorded exactly here. */
  readonly here: number
  /** Copies here and in its sub-locations. */
  readonly within: number
}

/** Most suggestions one call answers. */
export const LOCATIONS_MAX = 200

/** A copy's id as its box label prints it: the service's number once it has one. */
export function copyIdText(collectionID: number | null, localId: string): string {
  return collectionID !== null ? `#${String(collectionID)}` : `local ${localId.slice(0, 8)}`
}
