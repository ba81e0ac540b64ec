import type { Handlers } from '../../shared/ipc/contract'
import { createBackupHandlers } from './backup-handlers'
import type { BackupHandlers } from './backup-handlers'
import { collectionForExport } from './collection-read-repo'
import { localDay } from './dates'
import type { ExchangeDeps } from './deps'
import { buildExport } from './export-formats'
import { createImportHandlers } from './import-handlers'
import type { ImportHandlers } from './import-handlers'

export type ExchangeHandlers = Pick<Handlers, 'exchange:export'> & ImportHandlers & BackupHandlers

/** Exports, imports, backups: the user's data in and out of the app. */
export function createExchangeHandlers(deps: ExchangeDeps): ExchangeHandlers {
  return {
    'exchange:export': async ({ format, bom, saveWithDialog, remarks }) => {
      const p = deps.profileId()
      // The user's day: in UTC the name was a day off for hours each day east or west of it.
      const date = localDay(deps.now())
      const file = buildExport(format, collectionForExport(deps.store.write, p), {
        bom,
        date,
        remarks: remarks ?? 'none'
      })
      let savedTo: string | null = null
      if (saveWithDialog && deps.files) {
        const ext = format === 'bricklink' ? 'xml' : 'csv'
        const r = await deps.files.saveText(file.filename, file.content, [
          { name: ext.toUpperCase(), extensions: [ext] }
        ])
        savedTo = r.saved ? (r.path ?? file.filename) : null
      }
      return { ...file, savedTo }
    },
    ...createImportHandlers(deps),
    ...createBackupHandlers(deps)
  }
}
