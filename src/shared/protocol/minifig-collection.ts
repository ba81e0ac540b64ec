import { z } from 'zod'
import { AppError } from '../errors'
import { mostlyUnreadable, rawId, readRecords, textOrNumber, wholeNumber } from './record-tolerance'
import type { RecordRejection } from './record-tolerance'
import { NOT_SPECIFIED } from './records'

/**
 * The user's figures as getMinifigCollection answers them, in either version, read by one rule
 * (record-tolerance.ts): a figure is read on its own; one the client cannot read is left out and
 * counted, never stored as figure `''` or with a count of 0 it did not say. No recorded production
 * v3 answer exists: the shape is the reference service's and independent clients' (docs/protocol.md
 * §5b, [unknown]).
 */

/** One figure of the user's collection, as the collection pull stores it. */
export interface CollectionFigure {
  readonly minifigNumber: string
  readonly name: string | null
  readonly category: string | null
  readonly ownedInSets: number
  readonly ownedLoose: number
  readonly wanted: boolean
}

/** A getMinifigCollection answer read figure by figure: the readable ones, and each left out. */
export interface FiguresAnswer {
  readonly status: 'success'
  readonly minifigs: readonly CollectionFigure[]
  readonly rejected: readonly RecordRejection[]
}

// A count the service cannot mean (-5, 1.5) fails the figure; its digits as text are the count.
const count = wholeNumber(0, 999_999)
// `true`/`false` as JSON, or as v2's and forms' spellings of them: each has one meaning.
const flag = z.preprocess((v) => {
  if (v === 1 || v === '1' || v === 'true') return true
  if (v === 0 || v === '0' || v === 'false') return false
  return v
}, z.boolean())
const label = z.preprocess(
  (v) => (v === NOT_SPECIFIED ? null : v),
  z
    .string()
    .nullish()
    .transform((v) => v ?? null)
)

const figureSchema = z.object({
  // A figure number given as a whole number is the same characters as text.
  minifigNumber: textOrNumber.pipe(z.string().trim().min(1, 'no figure number')),
  name: label,
  category: label,
  ownedInSets: count.nullish().transform((v) => v ?? 0),
  ownedLoose: count.nullish().transform((v) => v ?? 0),
  wanted: flag.nullish().transform((v) => v ?? false)
})

const answerSchema = z.object({
  status: z.literal('success'),
  minifigs: z.array(z.unknown()).max(100_000)
})

function refusal(first: RecordRejection | undefined, version: 'v2' | 'v3'): AppError {
  const where = first === undefined ? 'minifigs' : `minifigs.${first.index}.${first.field}`
  return new AppError(
    'bad_record',
    `The service sent a figure list Studbook cannot read (${where}: ${first?.message ?? 'invalid'}).`,
    { operation: 'getMinifigCollection', service: version, field: where }
  )
}

/**
 * A v3 getMinifigCollection answer, checked where the client decodes it: the answer's own shape or
 * AppError `bad_record`; then each figure on its own. A figure number given twice keeps the first.
 */
export function checkV3FiguresAnswer(value: unknown): FiguresAnswer {
  const page = answerSchema.safeParse(value)
  if (!page.success) {
    const issue = page.error.issues[0]
    throw refusal(
      { index: 0, id: null, field: issue?.path.join('.') ?? '', message: issue?.message ?? '' },
      'v3'
    )
  }
  const { records, rejected } = readRecords(
    page.data.minifigs,
    figureSchema,
    (raw) => rawId(raw, 'minifigNumber'),
    { field: 'minifigNumber', of: (m) => m.minifigNumber }
  )
  return { status: 'success', minifigs: records, rejected }
}

/**
 * v2's decoded figure records (their values typed by the record table), read by the same rule.
 * `leftOut`: those the XML decoder already left out (indexed in the answer); this rule's own
 * rejections (a figure without a number) are indexed among the records it was given.
 */
export function v2Figures(
  records: readonly {
    readonly minifigNumber: string | null
    readonly ownedInSets: number
    readonly ownedLoose: number
    readonly wanted: boolean
  }[],
  leftOut: readonly RecordRejection[]
): FiguresAnswer {
  const { records: minifigs, rejected } = readRecords(
    records.map((m) => ({ ...m, name: null, category: null })),
    figureSchema,
    (raw) => rawId(raw, 'minifigNumber'),
    { field: 'minifigNumber', of: (m) => m.minifigNumber }
  )
  return { status: 'success', minifigs, rejected: [...leftOut, ...rejected] }
}

/**
 * The figures to store, or AppError `bad_record` when most of the answer failed (a different
 * format, docs/protocol.md §4a); the rest are left out and counted by the caller.
 */
export function figuresToStore(answer: FiguresAnswer, version: 'v2' | 'v3'): FiguresAnswer {
  if (mostlyUnreadable(answer.minifigs.length, answer.rejected.length)) {
    throw refusal(answer.rejected[0], version)
  }
  return answer
}
