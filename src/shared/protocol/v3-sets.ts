import { z } from 'zod'
import { AppError } from '../errors'
import {
  boundedNumber,
  mostlyUnreadable,
  rawId,
  readRecords,
  textList,
  utcTimestamp,
  UTC_DATE_TIME,
  wholeNumber,
  INT32_MAX
} from './record-tolerance'
import type { RecordRejection } from './record-tolerance'

/**
 * Production's v3 getSets answer (docs/protocol.md §5, test/fixtures/production/production-v3): nested
 * objects, unknown values omitted, numbers as JSON numbers, UTC timestamps with `Z`. The one place
 * these schemas live: the client's decoder (in its worker for large bodies, inline for small ones)
 * checks each record on its own (v3-set-records.ts), so one bad record is named with its index and
 * field and never hides the others; unknown keys are dropped and omitted values tolerated. A value
 * whose meaning is certain is read as meant (record-tolerance.ts: `"2007"`, `5.0000001`, `+00:00`).
 */

// null is read as omitted: it says "unknown" as plainly as a missing key does.
const opt = <T extends z.ZodType>(t: T) => t.nullish()
const utc = z.string().regex(UTC_DATE_TIME, 'not a UTC timestamp')

/**
 * The value types a record is read with. Production's own spelling (`strict`) is checked first:
 * it is what every recorded record uses, and costs a third less than the lenient reading, which
 * runs only for a record the strict one refuses.
 */
const STRICT = {
  count: z.number().int().nonnegative().max(INT32_MAX),
  // Bounds of a real set (issue 26): the app's own edit and filter limits
  // (src/shared/ipc/channels/collection.ts, catalog.ts); a larger value is a broken answer.
  quantity: z.number().int().nonnegative().max(999),
  year: z.number().int().min(1900).max(2100),
  amount: z.number().nonnegative(),
  stars: z.number().min(0).max(5),
  timestamp: utc,
  day: utc,
  // Independent clients type tags as a list; a comma-joined text is read the same way.
  tags: z.union([z.array(z.string()), z.string()])
}
/** The same bounds, with each spelling whose meaning is certain read as meant (record-tolerance.ts). */
const LENIENT = {
  count: wholeNumber(0),
  quantity: wholeNumber(0, 999),
  year: wholeNumber(1900, 2100),
  amount: boundedNumber(0),
  stars: boundedNumber(0, 5),
  // A time without a zone is read as omitted: production sends `Z` (docs/protocol.md §5).
  timestamp: utcTimestamp(),
  // The shop dates are days: a date alone is that day.
  day: utcTimestamp({ dayOnly: true }),
  tags: textList
}

function setSchema(t: typeof STRICT | typeof LENIENT) {
  const { count, quantity, year, amount, stars, timestamp, day, tags } = t
  const region = z.object({
    retailPrice: opt(amount),
    dateFirstAvailable: opt(day),
    dateLastAvailable: opt(day)
  })
  return z.object({
    setID: z.number().int().positive().max(INT32_MAX),
    number: z.string(),
    numberVariant: count,
    name: opt(z.string()),
    year: opt(year),
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
        qtyOwned: opt(quantity),
        rating: opt(stars),
        notes: opt(z.string())
        // No `flags`: this schema never reads it, so no shape of it refuses a record; it is read
        // on its own (v3-set-flags.ts).
      })
    ),
    collections: opt(z.object({ ownedBy: opt(count), wantedBy: opt(count) })),
    LEGOCom: opt(z.object({ US: opt(region), UK: opt(region), CA: opt(region), DE: opt(region) })),
    rating: opt(stars),
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
    extendedData: opt(
      z.object({
        notes: opt(z.string()),
        tags: opt(tags),
        description: opt(z.string())
      })
    ),
    lastUpdated: opt(timestamp)
  })
}

const lenientSetSchema = setSchema(LENIENT)
const strictSetSchema: z.ZodType<z.infer<typeof lenientSetSchema>> = setSchema(STRICT)

/** The most sets one page may hold: production's pageSize limit (docs/protocol.md §5). */
const V3_MAX_PAGE_SIZE = 500

// The page around the records, checked before any record: a page longer than any page asked for is
// refused before its records cost anything.
const envelopeSchema = z.object({
  status: z.literal('success'),
  matches: LENIENT.count,
  sets: z.array(z.unknown()).max(V3_MAX_PAGE_SIZE)
})

export type V3Set = z.infer<typeof lenientSetSchema>
export type V3Region = NonNullable<NonNullable<V3Set['LEGOCom']>['US']>

/** One record the check refused: where it was on the page, its setID, and what broke. */
export type V3SetRejection = RecordRejection

/** A getSets page checked record by record: the good records in order, and each refusal. */
interface V3CheckedPage {
  readonly status: 'success'
  /** The query's total (production's `matches`), not the page length. */
  readonly matches: number
  readonly sets: readonly V3Set[]
  readonly rejected: readonly V3SetRejection[]
}

function pageError(field: string, message: string): AppError {
  return new AppError(
    'bad_record',
    `The service sent a set list Studbook cannot read (${field || 'page'}: ${message}).`,
    { operation: 'getSets', service: 'v3', field }
  )
}

/**
 * Checks a getSets page: the page itself (status, total, at most a full page of records) or
 * AppError `bad_record`; then each record on its own, never throwing for one. A setID given twice
 * rejects the later record.
 */
export function checkV3SetsPage(value: unknown): V3CheckedPage {
  const page = envelopeSchema.safeParse(value)
  if (!page.success) {
    const issue = page.error.issues[0]
    throw pageError(issue?.path.map(String).join('.') ?? '', issue?.message ?? 'invalid')
  }
  const { records: sets, rejected } = readRecords(
    page.data.sets,
    strictSetSchema,
    (raw) => rawId(raw, 'setID'),
    { field: 'setID', of: (s) => s.setID },
    lenientSetSchema
  )
  return { status: 'success', matches: page.data.matches, sets, rejected }
}

/**
 * The strict rule, for an answer read as a whole (a one-set read): any rejected record refuses it
 * with AppError `bad_record` naming the first (`sets.<index>.<field>`). Formats the checker's
 * result only; it runs no schema.
 */
export function v3SetsRefusal(rejected: readonly V3SetRejection[]): AppError | null {
  const first = rejected[0]
  return first === undefined ? null : pageError(`sets.${first.index}.${first.field}`, first.message)
}

/**
 * The rule for a page of a list (docs/protocol.md §4a): refused whole, as `v3SetsRefusal` words it,
 * only when most of its records fail (a different format); otherwise null, and the readable
 * records are stored while the rest are counted.
 */
export function v3PageRefusal(kept: number, rejected: readonly V3SetRejection[]): AppError | null {
  return mostlyUnreadable(kept, rejected.length) ? v3SetsRefusal(rejected) : null
}

/** The raw page whole, or AppError `bad_record` naming the first field that broke a rule. */
export function parseV3SetsPage(value: unknown): Omit<V3CheckedPage, 'rejected'> {
  const page = checkV3SetsPage(value)
  const refusal = v3SetsRefusal(page.rejected)
  if (refusal !== null) throw refusal
  return { status: page.status, matches: page.matches, sets: page.sets }
}
