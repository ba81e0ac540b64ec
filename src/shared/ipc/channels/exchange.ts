import { z } from 'zod'
import { channel } from '../define'
import { fileBytes } from '../file-bytes'
import { empty } from './common'
import type {
  BackupResultDto,
  DataFolderDto,
  ExportResultDto,
  ImportPreviewDto,
  ImportResultDto,
  RestorePreviewDto,
  RestoreResultDto
} from '../../model/exchange'

const FORMATS = ['studbook', 'collection', 'rebrickable', 'bricklink', 'brickeconomy'] as const

/** Names one import preview, chosen by the renderer so it can cancel or follow it while it runs. */
const importJob = z.string().min(1).max(64)

/** How far a running import preview is: `total` 0 when the stage has no count. */
export interface ImportProgressDto {
  readonly stage: 'waiting' | 'reading' | 'planning'
  readonly done: number
  readonly total: number
}

export const exchangeChannels = {
  'exchange:export': channel<ExportResultDto>()(
    z
      .object({
        format: z.enum(FORMATS),
        /** For the spreadsheet files only; files for a site's importer never carry one. */
        bom: z.boolean().default(true),
        /** Electron: ask for a file with the native dialog; otherwise the renderer downloads. */
        saveWithDialog: z.boolean().default(false),
        /**
         * BrickLink's REMARKS: none, or each wanted set's notes when the user chooses so. A set's
         * notes are private; they never go by default (absent is none).
         */
        remarks: z.enum(['none', 'notes']).optional()
      })
      .strict()
  ),
  'exchange:previewImport': channel<ImportPreviewDto>()(
    z
      .object({
        format: z.enum(FORMATS),
        /** Text already decoded; `data` (the raw bytes) is what the screens send. */
        content: z.string().max(20_000_000).optional(),
        data: fileBytes.optional(),
        dateOrder: z.enum(['dayFirst', 'monthFirst']).optional(),
        jobId: importJob.optional()
      })
      .strict()
      .refine((i) => (i.content === undefined) !== (i.data === undefined), {
        message: 'send the file as content or as data',
        path: ['data']
      })
  ),
  /** Stops a running preview: its worker ends, nothing is kept. false: none was running. */
  'exchange:cancelImport': channel<{ readonly cancelled: boolean }>()(
    z.object({ jobId: importJob }).strict()
  ),
  /** null: no preview of that name is running. */
  'exchange:importProgress': channel<ImportProgressDto | null>()(
    z.object({ jobId: importJob }).strict()
  ),
  'exchange:applyImport': channel<ImportResultDto>()(
    z.object({ previewId: z.string().min(1).max(64) }).strict()
  ),
  'exchange:backup': channel<BackupResultDto>()(
    z.object({ saveWithDialog: z.boolean().default(false) }).strict()
  ),
  /** null: the user cancelled the dialog. */
  'exchange:previewRestore': channel<RestorePreviewDto | null>()(
    z
      .object({
        /** The chosen file's bytes: written to a temporary file off this thread, read in a worker. */
        data: fileBytes.optional(),
        name: z.string().max(255).optional(),
        fromDialog: z.boolean().optional(),
        /** The `.studbook` file the OS opened Studbook with (main holds its path, not the page). */
        opened: z.literal(true).optional()
      })
      .strict()
      .refine(
        (i) =>
          [i.data !== undefined, i.fromDialog === true, i.opened === true].filter(Boolean)
            .length === 1,
        {
          message: 'send the backup file, ask for the dialog, or for the file opened',
          path: ['data']
        }
      )
  ),
  /**
   * Whether the OS opened Studbook with a backup not yet previewed: the page asks once at start,
   * since a `restoreOpened` command sent while it loaded may have found no one listening.
   */
  'exchange:openedBackup': channel<{ readonly waiting: boolean }>()(empty),
  /** Stops the restore preview being read: its worker ends, its temp folder goes. */
  'exchange:cancelRestore': channel<{ readonly cancelled: boolean }>()(empty),
  'exchange:applyRestore': channel<RestoreResultDto>()(
    z.object({ restoreId: z.string().min(1).max(64) }).strict()
  ),
  'exchange:openDataFolder': channel<DataFolderDto>()(empty)
} as const
