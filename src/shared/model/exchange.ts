export type ExportFormat = 'studbook' | 'collection' | 'rebrickable' | 'bricklink'
export type ImportFormat = 'rebrickable' | 'collection' | 'brickeconomy'

export interface ExportResultDto {
  readonly filename: string
  readonly mime: string
  readonly content: string
  readonly rows: number
  /** Set when the host saved the file itself (native dialog); the browser host downloads instead. */
  readonly savedTo: string | null
}

export interface ImportChangeDto {
  readonly fullNumber: string
  readonly setID: number
  readonly name: string
  readonly kind: 'add' | 'change'
  readonly summary: string
}

export interface ImportPreviewDto {
  readonly previewId: string
  readonly format: ImportFormat
  readonly rows: number
  readonly adds: number
  readonly changes: number
  readonly unchanged: number
  readonly unknown: readonly string[]
  readonly items: readonly ImportChangeDto[]
}

export interface ImportResultDto {
  readonly applied: number
  readonly journalId: number | null
}
