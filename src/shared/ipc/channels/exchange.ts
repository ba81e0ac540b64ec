import { z } from 'zod'
import { channel } from '../define'
import type { ExportResultDto, ImportPreviewDto, ImportResultDto } from '../../model/exchange'

export const exchangeChannels = {
  'exchange:export': channel<ExportResultDto>()(
    z
      .object({
        format: z.enum(['studbook', 'collection', 'rebrickable', 'bricklink']),
        bom: z.boolean().default(false),
        /** Electron: ask for a file with the native dialog; otherwise the renderer downloads. */
        saveWithDialog: z.boolean().default(false)
      })
      .strict()
  ),
  'exchange:previewImport': channel<ImportPreviewDto>()(
    z
      .object({
        format: z.enum(['rebrickable', 'collection', 'brickeconomy']),
        content: z.string().max(20_000_000)
      })
      .strict()
  ),
  'exchange:applyImport': channel<ImportResultDto>()(
    z.object({ previewId: z.string().min(1).max(64) }).strict()
  )
} as const
