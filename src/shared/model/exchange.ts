export type ExportFormat = 'studbook' | 'collection' | 'rebrickable' | 'bricklink' | 'brickeconomy'
export type ImportFormat = 'studbook' | 'collection' | 'rebrickable' | 'bricklink' | 'brickeconomy'

/** The names people know the formats by, for the screens and for errors naming the right choice. */
export const FORMAT_TITLES: Readonly<Record<ExportFormat | ImportFormat, string>> = {
  studbook: 'Full Studbook CSV',
  collection: 'Brickset collection CSV',
  rebrickable: 'Rebrickable set list',
  bricklink: 'BrickLink wanted list XML',
  brickeconomy: 'BrickEconomy collection CSV'
}

export interface ExportResultDto {
  readonly filename: string
  readonly mime: string
  readonly content: string
  readonly rows: number
  /** Set when the host saved the file itself (native dialog); the browser host downloads instead. */
  readonly savedTo: string | null
}

/** How a file reads dates that fit both orders (03/07/2025): the user says when the file does not. */
export type DateOrder = 'dayFirst' | 'monthFirst'

export interface ImportChangeDto {
  /** Unique in a preview: `set:<id>`, `minifig:<number>` or `label:<flagNo>`. */
  readonly key: string
  readonly target: 'set' | 'minifig' | 'label'
  /** The set or minifigure number, or "Flag 3". */
  readonly number: string
  readonly setID: number | null
  readonly name: string
  readonly kind: 'add' | 'change'
  readonly summary: string
  /** The file's lines this change comes from; more than one when repeated rows were summed. */
  readonly lines: readonly number[]
}

/** A row the import could not use, and why. */
export interface ImportProblemDto {
  readonly line: number
  readonly reason: string
}

/**
 * How many changes and unusable rows a preview lists: a 100,000-row file's full lists cost the
 * host's main thread half a second to hand over and a screen no one reads; the counts stay whole.
 */
export const IMPORT_LIST_SHOWN = 1_000

export interface ImportRowCounts {
  readonly add: number
  readonly change: number
  readonly unchanged: number
  readonly notUsed: number
}

export interface ImportPreviewDto {
  readonly previewId: string
  readonly format: ImportFormat
  /** What the file was read as: layout, encoding and separator, in words. */
  readonly readAs: string
  /** Data rows read (blank rows not counted). */
  readonly rows: number
  /** The rows read, each counted once by what it does: the four add up to `rows`. */
  readonly rowsBy: ImportRowCounts
  /** Flag names the file gives (listed among the changes as "Flag N"). */
  readonly flagNames: number
  /** Sets and minifigures (and flag names) to add, to change, and left as they are. */
  readonly adds: number
  readonly changes: number
  readonly unchanged: number
  /** The first IMPORT_LIST_SHOWN changes; `itemsTotal` counts them all. */
  readonly items: readonly ImportChangeDto[]
  /** The first IMPORT_LIST_SHOWN unusable rows; `problemsTotal` counts them all. */
  readonly problems: readonly ImportProblemDto[]
  readonly itemsTotal: number
  readonly problemsTotal: number
  /** What the user should know: repeated rows summed, conditions the service does not list… */
  readonly notices: readonly string[]
  /** Set when the file leaves something to the user (the order of its dates); apply waits for it. */
  readonly question: {
    readonly kind: 'dateOrder'
    readonly examples: readonly { readonly line: number; readonly text: string }[]
  } | null
  readonly canApply: boolean
}

export interface ImportResultDto {
  readonly applied: number
  readonly journalId: number | null
}

/** What a collection holds, counted the way the restore screen compares two of them. */
export interface CollectionCountsDto {
  /** Distinct sets owned. */
  readonly setsOwned: number
  /** Owned units (the sum of the quantities). */
  readonly unitsOwned: number
  readonly setsWanted: number
  readonly copies: number
  readonly minifigsLoose: number
  readonly minifigsWanted: number
  /** Flags the user named. */
  readonly labels: number
  /** Saved views (a backup from before saved views holds none, and a restore keeps the user's). */
  readonly views: number
}

export interface BackupResultDto {
  /** Where the backup was written; null when the user cancelled the dialog. */
  readonly path: string | null
  readonly bytes: number
  readonly counts: CollectionCountsDto
}

export interface RestorePreviewDto {
  readonly restoreId: string
  /** The file's name, as chosen. */
  readonly name: string
  /** When the backup was taken (ISO), if it says. */
  readonly takenAt: string | null
  readonly holds: CollectionCountsDto
  readonly current: CollectionCountsDto
  /** Sets, minifigures and flag names that the restore changes. */
  readonly changes: number
  /** Rows the restore puts in the outbox: "N changes will be sent to the service". */
  readonly serviceWrites: number
  /** The backup's rows that break the collection's rules: named here, never written. */
  readonly refused: {
    readonly count: number
    readonly shown: readonly { readonly what: string; readonly why: string }[]
  }
  /** Sets the backup names that the catalogue does not hold: left as they are. */
  readonly unknownSets: { readonly count: number; readonly shown: readonly number[] }
}

export interface RestoreResultDto {
  readonly applied: number
  readonly journalId: number | null
  /** The backup of the collection as it was just before the restore. */
  readonly safetyBackup: string
}

export interface DataFolderDto {
  readonly path: string
  /** True when the host opened it in the file manager; the browser host shows the path instead. */
  readonly opened: boolean
}
