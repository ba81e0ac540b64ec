import { z } from 'zod'
import { isAfterToday, isIsoDateOrEmpty } from '../../model/service-date'
import { channel } from '../define'
import { setId, userText } from './common'
import { DISPOSAL_KINDS, LEDGER_PAGE_MAX } from '../../model/ledger'
import type {
  DisposalResultDto,
  GainsDto,
  LedgerEntryDto,
  LedgerExportDto,
  LedgerPageDto
} from '../../model/ledger'

const localId = z.string().min(1).max(64)
const entryId = z.uuid()

/** The copy ledger (issue #30 §1): disposals, their gains, their CSV. */
export const ledgerChannels = {
  /**
   * Marks one copy sold, gifted, parted out or lost. `deleteCopy`: the user confirmed that the
   * copy be deleted too (here and on the service); that deletion and the entry are one edit.
   */
  'ledger:applyDisposal': channel<DisposalResultDto>()(
    z
      .object({
        setID: setId,
        localId,
        kind: z.enum(DISPOSAL_KINDS),
        disposedOn: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'use yyyy-MM-dd')
          .refine(isIsoDateOrEmpty, 'that day does not exist')
          .refine((d) => !isAfterToday(d), 'that date is after today'),
        proceeds: z.number().min(0).max(1e9),
        proceedsCurrency: z.string().regex(/^([A-Z]{3})?$/, 'use a 3-letter currency code'),
        note: userText(500).default(''),
        deleteCopy: z.boolean()
      })
      .strict()
  ),
  'ledger:list': channel<LedgerPageDto>()(
    z
      .object({
        offset: z.number().int().min(0).max(10_000_000).default(0),
        limit: z.number().int().min(1).max(LEDGER_PAGE_MAX).default(100)
      })
      .strict()
  ),
  /** The entries of one set's copies (the copy table marks the disposed ones it still lists). */
  'ledger:listForSet': channel<LedgerEntryDto[]>()(z.object({ setID: setId }).strict()),
  'ledger:getGains': channel<GainsDto>()(
    z.object({ by: z.enum(['set', 'theme', 'year']).default('set') }).strict()
  ),
  /** Removes an entry from the ledger; the copy, if deleted, stays deleted. */
  'ledger:deleteEntry': channel<null>()(z.object({ entryId }).strict()),
  'ledger:export': channel<LedgerExportDto>()(
    z
      .object({
        /** A UTF-8 byte order mark, for spreadsheet programs. */
        bom: z.boolean().default(true),
        /** Electron: ask for a file with the native dialog; otherwise the renderer downloads. */
        saveWithDialog: z.boolean().default(false)
      })
      .strict()
  )
} as const
