import { randomUUID } from 'node:crypto'
import { AppError } from '../../shared/errors'
import type { ImportProgressDto } from '../../shared/ipc/channels/exchange'
import type { Handlers } from '../../shared/ipc/contract'
import { FORMAT_TITLES } from '../../shared/model/exchange'
import type { ImportFormat } from '../../shared/model/exchange'
import { listConditions } from '../catalogue/index'
import { writeEdits } from '../collection/index'
import { mergeViews, planViewMerge } from '../views/index'
import type { PortableView, ViewMerge } from '../views/index'
import type { ExchangeDeps } from './deps'
import type { PlannedPreview } from './import-plan'
import { planOffThread } from './import-thread'
import { localNotice, mergeLocalRows } from './local-rows'
import type { LocalRows } from './local-rows'

export type ImportHandlers = Pick<
  Handlers,
  | 'exchange:previewImport'
  | 'exchange:applyImport'
  | 'exchange:cancelImport'
  | 'exchange:importProgress'
>

/** A preview still reading: how to stop it, how far it is, and its end (settled either way). */
interface Running {
  readonly abort: AbortController
  readonly progress: () => ImportProgressDto
  readonly ended: Promise<unknown>
}

interface Preview {
  readonly profileId: number
  readonly format: ImportFormat
  /** The planned edits as bytes (PlannedPreview['edits']): read on apply only. */
  readonly edits: Pick<PlannedPreview, 'edits'>
  readonly editCount: number
  readonly items: number
  readonly views: readonly PortableView[]
  readonly local: LocalRows
  readonly canApply: boolean
}

const MAX_PREVIEWS = 5

function viewNotice(m: ViewMerge): string {
  const n = (k: number): string => `${k} saved ${k === 1 ? 'view' : 'views'}`
  if (m.added + m.replaced === 0) return 'The saved views in the file are already here.'
  const parts = [
    ...(m.added > 0 ? [`${n(m.added)} will be added`] : []),
    ...(m.replaced > 0 ? [`${n(m.replaced)} of the same name will take the file's search`] : [])
  ]
  return `${parts.join('; ')}. Your other views stay.`
}

/**
 * Import as a dry run, then apply: the preview reads the file and plans every change without
 * writing; apply writes the planned edits as one journal entry, so a single undo reverts it.
 */
export function createImportHandlers(deps: ExchangeDeps): ImportHandlers {
  const previews = new Map<string, Preview>()
  const running = new Map<string, Running>()
  const db = () => deps.store.write
  const conditions = (): Promise<readonly string[]> =>
    deps.conditions
      ? deps.conditions()
      : Promise.resolve(listConditions(db(), deps.profileId(), 'acquired') ?? [])

  return {
    'exchange:previewImport': async ({ jobId, ...input }) => {
      const p = deps.profileId()
      const abort = new AbortController()
      let progress: ImportProgressDto = { stage: 'waiting', done: 0, total: 0 }
      const key = jobId ?? randomUUID()
      const planned = (async () => {
        const given = await conditions()
        return planOffThread(
          deps.store,
          { ...input, profileId: p, conditions: given },
          {
            signal: abort.signal,
            onProgress: (now) => {
              progress = now
            },
            onFallback: (why) => deps.log?.warn('import previews are read on the main thread', why)
          }
        )
      })()
      running.set(key, { abort, progress: () => progress, ended: planned.catch(() => undefined) })
      let file: Awaited<typeof planned>
      try {
        file = await planned
      } finally {
        running.delete(key)
      }
      // A cancel that won the race with the answer still wins: nothing is kept.
      if (abort.signal.aborted) {
        throw new AppError('cancelled', 'The import preview was cancelled; nothing was changed.')
      }
      const views = planViewMerge(db(), p, file.views)
      const viewChanges = views.added + views.replaced
      const localRows = Object.values(file.local).reduce((n, r) => n + r.length, 0)
      const canApply =
        file.question === null && (file.editCount > 0 || viewChanges > 0 || localRows > 0)
      const previewId = randomUUID()
      previews.set(previewId, {
        profileId: p,
        format: input.format,
        edits: { edits: file.edits },
        editCount: file.editCount,
        items: file.itemsTotal,
        views: file.views,
        local: file.local,
        canApply
      })
      while (previews.size > MAX_PREVIEWS) previews.delete(previews.keys().next().value ?? '')
      return {
        previewId,
        format: input.format,
        readAs: file.readAs,
        rows: file.rows,
        adds: file.adds,
        changes: file.changes,
        unchanged: file.unchanged,
        // A saved view's row adds a view, replaces one's search, or finds it as it is.
        rowsBy: {
          ...file.rowsBy,
          // A local row is merged in (a row of its own table); it is never "not used".
          add: file.rowsBy.add + views.added + localRows,
          change: file.rowsBy.change + views.replaced,
          unchanged: file.rowsBy.unchanged + file.views.length - views.added - views.replaced
        },
        flagNames: file.flagNames,
        items: file.items,
        itemsTotal: file.itemsTotal,
        problems: file.problems,
        problemsTotal: file.problemsTotal,
        notices: [
          ...file.notices,
          ...(file.views.length > 0 ? [viewNotice(views)] : []),
          ...localNotice(file.local)
        ],
        question: file.question,
        canApply
      }
    },
    'exchange:cancelImport': async ({ jobId }) => {
      const job = running.get(jobId)
      if (!job) return { cancelled: false }
      job.abort.abort()
      // Answers once the worker has ended, so "cancelled" means nothing of it runs any more.
      await job.ended
      return { cancelled: true }
    },
    'exchange:importProgress': ({ jobId }) => running.get(jobId)?.progress() ?? null,
    'exchange:applyImport': async ({ previewId }) => {
      const preview = previews.get(previewId)
      if (!preview || preview.profileId !== deps.profileId()) {
        throw new AppError(
          'not_found',
          'That import preview has expired; preview the file again.',
          { field: 'previewId' }
        )
      }
      if (!preview.canApply) {
        throw new AppError(
          'invalid_input',
          'This preview cannot be applied: answer its question or choose another file.',
          { field: 'previewId' }
        )
      }
      previews.delete(previewId)
      // Saved views are not collection edits: merged by name, outside the journal (undo keeps them).
      const merged = mergeViews(db(), preview.profileId, preview.views, deps.now().toISOString())
      const views = merged.added + merged.replaced
      // Local rows too: merged outside the journal, as the views are (the service never had them).
      await mergeLocalRows(db(), preview.profileId, preview.local)
      if (preview.editCount === 0) {
        deps.changed([])
        return { applied: views, journalId: null }
      }
      // Written by the edit writer: a large import in its worker, one transaction and one journal
      // entry either way; the planned bytes go to it as they are, read there.
      const r = await writeEdits(
        deps.store,
        {
          kind: 'edits',
          profileId: preview.profileId,
          edits: preview.edits.edits,
          description: `Import (${FORMAT_TITLES[preview.format]}): ${preview.items} changes`,
          batchId: previewId,
          now: deps.now().toISOString()
        },
        preview.editCount
      )
      deps.changed(r.setIDs)
      return { applied: preview.items + views, journalId: r.journalId }
    }
  }
}
