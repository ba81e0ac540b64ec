export type SyncPhase =
  | 'idle'
  | 'themes'
  | 'subthemes'
  | 'years'
  | 'sets'
  | 'recent'
  | 'minifigs'
  | 'collection'
  | 'push'
  | 'done'

export interface AllowanceDto {
  /** Daily getSets calls allowed, or null when the service sets no limit. */
  readonly limit: number | null
  readonly used: number
  readonly remaining: number | null
}

/** Sets a catalogue pull received of the total the service announced. */
export interface CatalogueProgress {
  readonly got: number
  readonly expected: number
}

/**
 * How the last sync that ran to an end ended: `complete` (everything asked for arrived),
 * `incomplete` (it ended, but the catalogue is short of the service's total), `failed` (it stopped:
 * `error` says why).
 */
export type SyncOutcome = 'complete' | 'incomplete' | 'failed'

/** What a record the sync could not read was: a set, or one of the user's figures. */
export type UnreadableKind = 'sets' | 'minifigs'

/**
 * Records the last sync that ran to an end left out because it could not read them (issue 27):
 * the rest was stored; each one is in the log with its id and reason.
 */
export type UnreadableCounts = Readonly<Record<UnreadableKind, number>>

export interface SyncStatus {
  readonly running: boolean
  readonly phase: SyncPhase
  /** Progress within the phase; total 0 means unknown. */
  readonly done: number
  readonly total: number
  /** The end of the last complete sync: a failed or incomplete one never moves it. */
  readonly lastSyncAt: string | null
  /** Null until a sync of this run of the app has ended (cancelled ones do not count). */
  readonly outcome: SyncOutcome | null
  /** False from a call that could not reach the service until one that did. */
  readonly online: boolean
  /** The service answered a call since this profile was chosen. */
  readonly connected: boolean
  readonly error: string | null
  readonly pending: number
  readonly needsAttention: number
  readonly conflicts: number
  readonly allowance: AllowanceDto
  readonly catalogueSets: number
  /**
   * Set while the catalogue is short of the service's total: the service stopped paging, or the
   * pull was cut off (offline, quit) and has not resumed to its end yet.
   */
  readonly catalogueIncomplete: CatalogueProgress | null
  /** Records the last sync that ended left out, unreadable; absent when it left none out. */
  readonly unreadable?: UnreadableCounts
}

export type OutboxState = 'pending' | 'needs_attention' | 'conflict'

export interface OutboxItemDto {
  readonly id: number
  readonly setID: number | null
  readonly label: string
  /** What the edit changes, e.g. `owned`, `notes`, `flag 3`, `copy`, `minifig 85863pb076`. */
  readonly field: string
  readonly desired: string
  readonly base: string
  /** The service's value when a conflict was found. */
  readonly server: string | null
  readonly state: OutboxState
  readonly reason: string | null
  readonly createdAt: string
}

export interface JournalEntryDto {
  readonly id: number
  readonly at: string
  readonly description: string
  readonly undone: boolean
}

/** A journal entry with the number of sets it touches: what an undo or redo of it will change. */
export interface JournalStepDto extends JournalEntryDto {
  readonly sets: number
}

/** The entries an undo and a redo would replay now, or null when there is none. */
export interface JournalNextDto {
  readonly undo: JournalStepDto | null
  readonly redo: JournalStepDto | null
}

export interface UndoResultDto {
  readonly entry: JournalEntryDto | null
  /**
   * False when the entry asked for was not the one to undo (or redo) any more, e.g. a second
   * press or window already undid it: nothing was replayed, and `entry` is that entry as it is.
   */
  readonly applied: boolean
  readonly canUndo: boolean
  readonly canRedo: boolean
}
