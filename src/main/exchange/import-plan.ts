import { randomUUID } from 'node:crypto'
import { serialize } from 'node:v8'
import type { AppErrorData } from '../../shared/errors'
import type { ImportProgressDto } from '../../shared/ipc/channels/exchange'
import type { FileBytes } from '../../shared/ipc/file-wire'
import { IMPORT_LIST_SHOWN } from '../../shared/model/exchange'
import type { DateOrder, ImportFormat, ImportPreviewDto } from '../../shared/model/exchange'
import type { ReadDb } from '../store/handles'
import { currentCollection } from './collection-read-repo'
import { planImport } from './import-diff'
import type { ImportPlan } from './import-diff'
import { parseImport } from './import-formats'
import { bytesText, importText } from './text-decode'
import type { PortableView } from '../views/index'
import type { LocalRows } from './local-rows'

/** Everything a preview needs, as plain data: it crosses to the import worker and back. */
export interface PreviewJob {
  readonly profileId: number
  readonly format: ImportFormat
  /**
   * Text already decoded, or the file's bytes in parts (what the screens send). As the checked
   * IPC input gives them: undefined and absent both mean "not sent".
   */
  readonly content?: string | undefined
  readonly data?: FileBytes | undefined
  /** The file's bytes, joined in the import worker from the parts it was sent. */
  readonly bytes?: Uint8Array | undefined
  readonly dateOrder?: DateOrder | undefined
  /** The service's acquisition conditions, looked up before the job starts. */
  readonly conditions: readonly string[]
}

/**
 * A preview as it crosses from the worker to the main thread: the lists cut to what the screen
 * shows, and the edits as v8-serialised bytes handed over without a copy and read only on apply.
 * Cloning a 100,000-row plan object by object held the main thread for half a second.
 */
export type PlannedPreview = Pick<
  ImportPreviewDto,
  | 'readAs'
  | 'rows'
  | 'notices'
  | 'question'
  | 'adds'
  | 'changes'
  | 'unchanged'
  | 'rowsBy'
  | 'flagNames'
  | 'items'
  | 'itemsTotal'
  | 'problems'
  | 'problemsTotal'
> & {
  /** `v8.serialize(edits)`: read back by the edit writer that applies them (collection/edit-jobs.ts). */
  readonly edits: Uint8Array
  readonly editCount: number
  /** Saved views the file carries (our full export). */
  readonly views: readonly PortableView[]
  /** The local tables' rows the file carries (our full export), checked. */
  readonly local: LocalRows
}

function packed(
  plan: ImportPlan
): Omit<PlannedPreview, 'readAs' | 'rows' | 'notices' | 'question' | 'views' | 'local'> {
  const bytes = serialize(plan.edits)
  // A buffer of its own (not a slice of a shared pool), so it can be transferred whole.
  const edits = new Uint8Array(bytes.length)
  edits.set(bytes)
  return {
    adds: plan.adds,
    changes: plan.changes,
    unchanged: plan.unchanged,
    rowsBy: plan.rowsBy,
    flagNames: plan.flagNames,
    items: plan.items.slice(0, IMPORT_LIST_SHOWN),
    itemsTotal: plan.items.length,
    problems: plan.problems.slice(0, IMPORT_LIST_SHOWN),
    problemsTotal: plan.problems.length,
    edits,
    editCount: plan.edits.length
  }
}

/** What the worker says, in order: ready once it runs, progress now and then, then one answer. */
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'progress'; readonly progress: ImportProgressDto }
  | { readonly type: 'done'; readonly value: PlannedPreview }
  | { readonly type: 'failed'; readonly error: AppErrorData }

/** How far a preview is: reading the file (bytes of it), then planning (no count). */
type PreviewProgress = (p: ImportProgressDto) => void

/** Reads the file and plans it against the collection in `db`: the whole preview, no writes. */
export function planPreview(
  db: ReadDb,
  job: PreviewJob,
  onProgress: PreviewProgress = () => undefined
): PlannedPreview {
  const text = job.bytes === undefined ? importText(job) : bytesText(job.bytes)
  onProgress({ stage: 'reading', done: 0, total: 0 })
  const local = currentCollection(db, job.profileId)
  const file = parseImport(
    job.format,
    text,
    {
      conditions: job.conditions,
      labels: local.labels,
      ...(job.dateOrder ? { dateOrder: job.dateOrder } : {})
    },
    (done, total) => {
      onProgress({ stage: 'reading', done, total })
    }
  )
  onProgress({ stage: 'planning', done: 0, total: 0 })
  const plan = planImport(file, local, () => randomUUID())
  return {
    readAs: file.readAs,
    rows: file.rows,
    notices: text.notice === undefined ? file.notices : [text.notice, ...file.notices],
    question: file.question,
    ...packed(plan),
    views: file.views ?? [],
    local: file.local ?? {}
  }
}
