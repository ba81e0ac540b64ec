export type SyncPhase =
  'idle' | 'themes' | 'subthemes' | 'years' | 'sets' | 'recent' | 'collection' | 'push' | 'done'

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

export interface SyncStatus {
  readonly running: boolean
  readonly phase: SyncPhase
  /** Progress within the phase; total 0 means unknown. */
  readonly done: number
  readonly total: number
  readonly lastSyncAt: string | null
  readonly online: boolean
  readonly error: string | null
  readonly pending: number
  readonly needsAttention: number
  readonly conflicts: number
  readonly allowance: AllowanceDto
  readonly catalogueSets: number
  /** Set when the last catalogue pull ended before the service's total (the service stopped). */
  readonly catalogueIncomplete: CatalogueProgress | null
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

export interface UndoResultDto {
  readonly entry: JournalEntryDto | null
  readonly canUndo: boolean
  readonly canRedo: boolean
}
