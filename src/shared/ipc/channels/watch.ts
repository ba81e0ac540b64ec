import { z } from 'zod'
import { channel } from '../define'
import { RETAIL_REGIONS } from '../../model/report'
import { WATCH_DAYS_DEFAULT, WATCH_DAYS_MAX } from '../../model/watch'
import type { LeavingDto } from '../../model/watch'

/** Which shops the watch reads and how many days ahead it looks. */
export const watchQuery = z
  .object({
    regions: z.array(z.enum(RETAIL_REGIONS)).min(1).max(RETAIL_REGIONS.length).default(['US']),
    days: z.number().int().min(1).max(WATCH_DAYS_MAX).default(WATCH_DAYS_DEFAULT),
    /** Whether sets newly in the window are recorded as told (the screen and the start check). */
    notice: z.boolean().default(true)
  })
  .strict()

export const watchChannels = {
  'watch:leaving': channel<LeavingDto>()(watchQuery)
} as const
