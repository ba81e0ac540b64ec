import { z } from 'zod'
import { channel } from '../define'
import { searchQuery } from './catalog'
import { setId } from './common'
import { RETAIL_REGIONS } from '../../model/report'
import type { ReportDto, ReportOwner } from '../../model/report'

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

/** Plain text only: control characters (but a line break in the address) are refused. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/
const plain = (max: number, lines: boolean) =>
  z
    .string()
    .max(max)
    .refine((s) => !CONTROL.test(s) && (lines || !s.includes('\n')), {
      message: 'plain text, without control characters'
    })

export const reportChannels = {
  'report:build': channel<ReportDto>()(reportScope),
  /** The owner printed at the head of every report, as Settings keeps it. */
  'report:getOwner': channel<ReportOwner>()(z.object({}).strict()),
  'report:setOwner': channel<ReportOwner>()(
    z.object({ name: plain(200, false), address: plain(1000, true) }).strict()
  ),
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
