import { z } from 'zod'
import { channel } from '../define'
import { flagNo, setId, userText } from './common'
import { BULK_MAX_SETS } from '../../model/bulk'
import type { BulkAction, BulkEditResultDto, BulkPlanDto } from '../../model/bulk'
import { NOTES_MAX } from '../../model/collection'

const bulkAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('owned'), value: z.boolean() }).strict(),
  z.object({ kind: z.literal('wanted'), value: z.boolean() }).strict(),
  z.object({ kind: z.literal('quantity'), delta: z.union([z.literal(1), z.literal(-1)]) }).strict(),
  z.object({ kind: z.literal('flag'), flagNo, value: z.boolean() }).strict(),
  z
    .object({
      kind: z.literal('appendNote'),
      text: userText(NOTES_MAX).refine((t) => t.trim() !== '', 'write the note to append')
    })
    .strict()
]) satisfies z.ZodType<BulkAction>

const bulkInput = z
  .object({
    setIDs: z
      .array(setId)
      .min(1, 'select at least one set')
      .max(BULK_MAX_SETS, `select at most ${BULK_MAX_SETS.toLocaleString('en')} sets at a time`)
      .refine((ids) => new Set(ids).size === ids.length, 'a set is listed twice'),
    action: bulkAction
  })
  .strict()

export const bulkChannels = {
  /** What the edit would do, counted per set; writes nothing (the summary before a large edit). */
  'collection:bulkPlan': channel<BulkPlanDto>()(bulkInput),
  /** One action on many sets: one transaction, one journal entry, each set through the outbox. */
  'collection:bulkEdit': channel<BulkEditResultDto>()(bulkInput)
} as const
