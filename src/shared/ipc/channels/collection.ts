import { z } from 'zod'
import { isAfterToday, isIsoDateOrEmpty } from '../../model/service-date'
import { channel } from '../define'
import { empty, flagNo, setId, userText } from './common'
import { NOTES_MAX } from '../../model/collection'
import type {
  CopyDto,
  FlagLabelDto,
  MinifigDetailDto,
  MinifigDto,
  NoteDto,
  SetCollectionDto,
  SetMinifigDto,
  TotalsDto
} from '../../model/collection'

const money = z.number().min(0).max(1e9)
// The form turns the service's text formats into yyyy-MM-dd; a day that does not exist is refused.
const isoDate = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'use yyyy-MM-dd')
  .refine(isIsoDateOrEmpty, 'that day does not exist')
  .refine((d) => !isAfterToday(d), 'that date is after today')

const setPatch = z
  .object({
    owned: z.boolean().optional(),
    wanted: z.boolean().optional(),
    qtyOwned: z.number().int().min(0).max(999).optional(),
    notes: userText(NOTES_MAX).optional(),
    rating: z.number().int().min(0).max(5).optional(),
    // partialRecord: zod 4's record over an enum demands every key; a patch names only what changes.
    flags: z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6', '7', '8']), z.boolean()).optional()
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'nothing to change' })

export const copyInput = z
  .object({
    dateAcquired: isoDate,
    currency: z.string().regex(/^([A-Z]{3})?$/, 'use a 3-letter currency code'),
    pricePaid: money,
    additionalPricePaid: money,
    currentEstimatedValue: money,
    conditionWhenAcquired: z.string().max(50),
    acquiredFrom: userText(200),
    conditionNow: z.string().max(50),
    location: userText(200),
    notes: userText(1000),
    parts: z.boolean(),
    minifigs: z.boolean(),
    instructions: z.boolean(),
    box: z.boolean(),
    willTrade: z.boolean(),
    // Optional for callers from before the field was kept; the stored value is always a boolean.
    modified: z.boolean().default(false)
  })
  .strict()

/**
 * A copy's details as stored (the outbox and journal here, the service emulator's own file): the
 * contract's copy with the limits that judge what a user types (a date not after today, text
 * lengths, money bounds) relaxed to types, as a pulled record or a date that was today in another
 * zone is stored as it is. A key it does not know is dropped, not refused: another build may write
 * one.
 */
export const storedCopy = z.object({
  ...copyInput.shape,
  dateAcquired: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/),
  currency: z.string(),
  pricePaid: z.number(),
  additionalPricePaid: z.number(),
  currentEstimatedValue: z.number(),
  conditionWhenAcquired: z.string(),
  acquiredFrom: z.string(),
  conditionNow: z.string(),
  location: z.string(),
  notes: z.string()
})

/** Bounds the tables hold (0010-initial.ts): a set's quantity and loose figures, 0..999. */
const storedCount = z.number().int().min(0).max(999)

/** A set's collection fields as stored, one schema per field (SetFieldValues). */
export const STORED_SET_FIELDS = {
  owned: z.boolean(),
  wanted: z.boolean(),
  qtyOwned: storedCount,
  notes: z.string(),
  rating: z.number().min(0).max(5),
  flag1: z.boolean(),
  flag2: z.boolean(),
  flag3: z.boolean(),
  flag4: z.boolean(),
  flag5: z.boolean(),
  flag6: z.boolean(),
  flag7: z.boolean(),
  flag8: z.boolean()
}

/** A figure's loose count and wish as stored (MinifigValue). */
export const storedMinifig = z.object({ ownedLoose: storedCount, wanted: z.boolean() })

export type SetPatch = z.input<typeof setPatch>
export type CopyInput = z.input<typeof copyInput>

export const collectionChannels = {
  'collection:updateSet': channel<SetCollectionDto>()(
    z.object({ setID: setId, patch: setPatch }).strict()
  ),
  'collection:listCopies': channel<CopyDto[]>()(z.object({ setID: setId }).strict()),
  /** localId absent: add a copy; present: replace that copy. */
  'collection:saveCopy': channel<CopyDto>()(
    z.object({ setID: setId, localId: z.string().max(64).optional(), copy: copyInput }).strict()
  ),
  'collection:deleteCopy': channel<null>()(
    z.object({ setID: setId, localId: z.string().max(64) }).strict()
  ),
  'collection:listMinifigs': channel<MinifigDto[]>()(
    z
      .object({
        filter: z.enum(['all', 'owned', 'wanted', 'inSets', 'loose']),
        query: z.string().max(100).default('')
      })
      .strict()
  ),
  /** A figure of the catalogue (or of the user's collection) with the sets it comes in. */
  'collection:getMinifig': channel<MinifigDetailDto>()(
    z.object({ minifigNumber: z.string().min(1).max(50) }).strict()
  ),
  /** The figures a set comes with, with the user's counts of each. */
  'collection:listSetMinifigs': channel<SetMinifigDto[]>()(z.object({ setID: setId }).strict()),
  'collection:updateMinifig': channel<MinifigDto>()(
    z
      .object({
        minifigNumber: z.string().min(1).max(50),
        ownedLoose: z.number().int().min(0).max(999).optional(),
        wanted: z.boolean().optional()
      })
      .strict()
  ),
  'collection:getTotals': channel<TotalsDto>()(empty),
  'collection:listNotes': channel<NoteDto[]>()(empty),
  'flags:getLabels': channel<FlagLabelDto[]>()(empty),
  'flags:setLabel': channel<FlagLabelDto[]>()(
    z
      .object({
        flagNo,
        label: userText(20).pipe(z.string().trim().min(1, 'a label cannot be empty'))
      })
      .strict()
  )
} as const
