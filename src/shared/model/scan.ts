import type { SetSummaryDto } from './catalog'

/** What a scan does to the set it finds (issue #17): one more owned, wanted, or a copy dated today. */
export type ScanAction = 'owned' | 'wanted' | 'copy'

/**
 * applied: the action changed the set (journalId names the entry); unchanged: the set already was
 * so (wanted twice); unknown: no set carries the code (or no copy the label); ambiguous: several
 * do (`choices`); copy: the code was a box label of a copy in the collection, shown, not changed.
 */
export type ScanStatus = 'applied' | 'unchanged' | 'unknown' | 'ambiguous' | 'copy'

/** The copy a scanned box label names (issue #30 §4). */
export interface ScannedCopyDto {
  readonly localId: string
  /** `#123456`, or `local 1a2b3c4d` before the service numbered it. */
  readonly copyId: string
  readonly location: string
}

export interface ScanResultDto {
  /** The code as it was scanned or typed (trimmed). */
  readonly code: string
  readonly action: ScanAction
  readonly status: ScanStatus
  /** The set the action went to, as it is now; null when unknown or ambiguous. */
  readonly set: SetSummaryDto | null
  /** The sets carrying the code when it is ambiguous; empty otherwise. */
  readonly choices: readonly SetSummaryDto[]
  /** The copy a box label named (status `copy`); null for every other code. */
  readonly copy: ScannedCopyDto | null
  /** One line a person reads and a screen reader announces. */
  readonly summary: string
  readonly journalId: number | null
}

export interface ScanUndoDto {
  readonly set: SetSummaryDto
  readonly summary: string
  /** The undo's own journal entry; null when it changed nothing. */
  readonly journalId: number | null
}
