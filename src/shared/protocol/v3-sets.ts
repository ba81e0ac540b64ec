import { z } from 'zod'
import { AppError } from '../errors'

/**
 * Production's v3 getSets answer (docs/protocol.md §5, test/fixtures/production/production-v3): nested
 * objects, unknown values omitted, numbers as JSON numbers, UTC timestamps with `Z`. Checked whole
 * at the trust boundary: unknown keys are dropped, omitted values tolerated, and any record that
 * breaks a rule refuses the whole page, so a page is either stored exactly or not at all.
 */

/** Production's placeholder for a value nobody entered: unknown, stored as empty. */
export const NOT_SPECIFIED = '{Not specified}'

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?Z$/

// null is read as omitted: it says "unknown" as plainly as a missing key does.
const opt = <T extends z.ZodType>(t: T) => t.nullish()
const count = z.number().int().nonnegative()
const amount = z.number().nonnegative()
const timestamp = z
  .string()
  .regex(TIMESTAMP, 'not a UTC timestamp')
  .refine((s) => Number.isFinite(Date.parse(s)), 'not a date')

const region = z.object({
  retailPrice: opt(amount),
  dateFirstAvailable: opt(timestamp),
  dateLastAvailable: opt(timestamp)
})

const v3SetSchema = z.object({
  setID: z.number().int().positive(),
  number: z.string(),
  numberVariant: count,
  name: opt(z.string()),
  year: opt(count),
  theme: opt(z.string()),
  themeGroup: opt(z.string()),
  subtheme: opt(z.string()),
  category: opt(z.string()),
  released: opt(z.boolean()),
  pieces: opt(count),
  minifigs: opt(count),
  image: opt(z.object({ thumbnailURL: opt(z.string()), imageURL: opt(z.string()) })),
  bricksetURL: opt(z.string()),
  collection: opt(
    z.object({
      owned: opt(z.boolean()),
      wanted: opt(z.boolean()),
      qtyOwned: opt(count),
      rating: opt(z.number().min(0).max(5)),
      notes: opt(z.string()),
      flags: opt(z.array(z.object({ flagNo: z.number().int().min(1).max(8), value: z.boolean() })))
    })
  ),
  collections: opt(z.object({ ownedBy: opt(count), wantedBy: opt(count) })),
  LEGOCom: opt(z.object({ US: opt(region), UK: opt(region), CA: opt(region), DE: opt(region) })),
  rating: opt(z.number().min(0).max(5)),
  reviewCount: opt(count),
  packagingType: opt(z.string()),
  availability: opt(z.string()),
  instructionsCount: opt(count),
  additionalImageCount: opt(count),
  ageRange: opt(z.object({ min: opt(count), max: opt(count) })),
  dimensions: opt(
    z.object({ height: opt(amount), width: opt(amount), depth: opt(amount), weight: opt(amount) })
  ),
  barcode: opt(z.object({ EAN: opt(z.string()), UPC: opt(z.string()) })),
  // Independent clients type tags as a list; a comma-joined text is read the same way.
  extendedData: opt(
    z.object({
      notes: opt(z.string()),
      tags: opt(z.union([z.array(z.string()), z.string()])),
      description: opt(z.string())
    })
  ),
  lastUpdated: opt(timestamp)
})

const v3SetsPageSchema = z
  .object({
    status: z.literal('success'),
    matches: count,
    sets: z.array(v3SetSchema)
  })
  .superRefine((page, ctx) => {
    const seen = new Set<number>()
    page.sets.forEach((s, i) => {
      if (seen.has(s.setID))
        ctx.addIssue({ code: 'custom', path: ['sets', i, 'setID'], message: 'setID given twice' })
      seen.add(s.setID)
    })
  })

export type V3Set = z.infer<typeof v3SetSchema>
export type V3Region = z.infer<typeof region>
type V3SetsPage = z.infer<typeof v3SetsPageSchema>

/** The page, or AppError `bad_record` naming the first field that broke a rule. */
export function parseV3SetsPage(value: unknown): V3SetsPage {
  const r = v3SetsPageSchema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const field = issue?.path.map(String).join('.') ?? ''
  throw new AppError(
    'bad_record',
    `The service sent a set list Studbook cannot read (${field || 'page'}: ${issue?.message ?? 'invalid'}).`,
    { operation: 'getSets', service: 'v3', field }
  )
}
