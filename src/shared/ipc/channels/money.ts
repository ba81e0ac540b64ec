import { z } from 'zod'
import { channel } from '../define'
import { userText } from './common'
import { MONEY_DAYS_MAX } from '../../model/money'
import type { MoneyHistoryDto } from '../../model/money'

/** The money view (issue #30 §1): the snapshots over time, for the collection or one theme. */
export const moneyChannels = {
  'money:getHistory': channel<MoneyHistoryDto>()(
    z
      .object({
        /** A theme's share over time; null for the whole collection. */
        theme: userText(200).nullable().default(null),
        /** How many days back from the newest snapshot. */
        days: z.number().int().min(1).max(MONEY_DAYS_MAX).default(365)
      })
      .strict()
  )
} as const
