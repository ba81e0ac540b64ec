import { AppError } from '../../shared/errors'

/**
 * How much one import preview may read. Every file is hostile: without these a 900,000-row CSV
 * held 1.5 GB and a 300,000-item XML ran for minutes. The largest real collection files are a
 * few thousand rows (the whole catalogue is about 20,000 sets), so the caps stay far above them.
 * docs/formats.md states the same numbers; the errors name them.
 */
export const IMPORT_LIMITS = {
  /** Data rows of a CSV (blank rows not counted), or `<ITEM>`s of a BrickLink list. */
  rows: 100_000,
  /** Columns of any CSV row (Brickset's own layout has under 40). */
  columns: 1_000,
  /** Characters of one CSV record: a row, all its cells together. */
  recordChars: 100_000,
  /** Bytes of the file (the IPC contract refuses larger input before this). */
  bytes: 18_000_000,
  /** Element depth of an XML file (a wanted list has 3: INVENTORY, ITEM, a field). */
  xmlDepth: 16,
  /** How long a preview may read and plan before it is stopped. */
  budgetMs: 60_000,
  /**
   * The worker's old-generation heap: a file that needs more is refused rather than the app
   * growing. A 100,000-row preview (the row cap) needs under half of it.
   */
  workerHeapMb: 192,
  /**
   * Its young generation: V8's default (3 × 16 MB semi-spaces) is resident memory the worker
   * keeps for speed it does not need; 8 MB cost no measurable time on a 100,000-row preview.
   */
  workerYoungMb: 8
} as const

const n = (v: number): string => v.toLocaleString('en-US')

/** A file over one of the caps: refused as soon as the cap is crossed, with the cap in words. */
export function overLimit(
  what: 'rows' | 'items' | 'columns' | 'recordChars' | 'bytes' | 'memory',
  line?: number
): AppError {
  const at = line === undefined ? '' : ` (line ${n(line)})`
  const text: Record<typeof what, string> = {
    rows: `The file has more than ${n(IMPORT_LIMITS.rows)} rows, the most one import reads${at}. Split it into smaller files.`,
    items: `The file has more than ${n(IMPORT_LIMITS.rows)} items, the most one import reads. Split it into smaller files.`,
    columns: `A row has more than ${n(IMPORT_LIMITS.columns)} columns${at}: this is not a collection file.`,
    recordChars: `A row is longer than ${n(IMPORT_LIMITS.recordChars)} characters${at}: this is not a collection file.`,
    bytes: `The file is larger than ${n(IMPORT_LIMITS.bytes / 1_000_000)} MB, the most one import reads. Split it into smaller files.`,
    memory: `The file needs more memory than an import may use (${n(IMPORT_LIMITS.workerHeapMb)} MB). Split it into smaller files.`
  }
  return new AppError('invalid_input', text[what], {
    field: 'data',
    reason: `limit:${what}`
  })
}
