import { z } from 'zod'
import { channel } from '../define'
import { searchQuery } from './catalog'
import { setId } from './common'
import { RETAIL_REGIONS } from '../../model/report'
import type { ReportDto } from '../../model/report'

/** Most sets one report may name by ID: more than any collection holds, small enough to parse. */
const MAX_REPORT_SET_IDS = 50_000

/**
 * Which owned sets a report covers: all of them, those a Browse query (or a saved view, which is
 * one) matches, or an explicit list of set IDs (a selection). Sets not owned are never listed.
 */
/**
 * Whose shop's retail price values a copy that has no estimate and no price paid. Optional: the
 * catalogue's own market (US) when absent.
 */
const options = { region: z.enum(RETAIL_REGIONS).optional() }

export const reportScope = z.union([
  z.object({ scope: z.literal('owned'), ...options }).strict(),
  z.object({ query: searchQuery, ...options }).strict(),
  z
    .object({
      setIDs: z
        .array(setId)
        .min(1, 'Choose at least one set for the report.')
        .max(MAX_REPORT_SET_IDS),
      ...options
    })
    .strict()
])

export type ReportScope = z.input<typeof reportScope>

export const reportChannels = {
  'report:build': channel<ReportDto>()(reportScope),
  /**
   * Electron only: prints the window showing the report to PDF and asks where to save it. The
   * browser host answers that its Print button does this.
   */
  'report:savePdf': channel<{ saved: boolean; path: string | null }>()(
    z
      .object({
        paper: z.enum(['A4', 'Letter']),
        suggestedName: z
          .string()
          .max(120)
          .regex(/^[\w .()-]+\.pdf$/, 'a file name ending in .pdf')
      })
      .strict()
  )
} as const
