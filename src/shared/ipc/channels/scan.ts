import { z } from 'zod'
import { channel } from '../define'
import { setId } from './common'
import { LABEL_PREFIX, parseLabelCode } from '../../model/box-label'
import type { ScanResultDto, ScanUndoDto } from '../../model/scan'

/**
 * What a barcode scanner or a person types: digits (spaces between groups allowed) or a set number
 * such as `75192` or `75192-1`, or a box label's QR (`STUDBOOK-COPY:<local id>`, issue #30 §4).
 * Anything else is not a code and is refused before a lookup.
 */
const setCode = z
  .string()
  .max(40, 'a code is at most 40 characters')
  .regex(/^[0-9A-Za-z][0-9A-Za-z .-]*$/, 'use digits, letters and a dash only')
const scanCode = z
  .string()
  .trim()
  .min(1, 'scan or type a code')
  .max(LABEL_PREFIX.length + 64, 'a code is at most 78 characters')
  .pipe(z.union([setCode, z.string().refine((t) => parseLabelCode(t) !== null, 'not a box label')]))

export const scanChannels = {
  /** Finds the set a code names and applies the action; setID picks one of an ambiguous code's sets. */
  'collection:scan': channel<ScanResultDto>()(
    z
      .object({
        code: scanCode,
        action: z.enum(['owned', 'wanted', 'copy']),
        setID: setId.optional()
      })
      .strict()
  ),
  /** Takes back one scan, whichever it was: its inverse is applied as a new edit. */
  'collection:undoScan': channel<ScanUndoDto>()(
    z.object({ journalId: z.number().int().positive() }).strict()
  )
} as const
