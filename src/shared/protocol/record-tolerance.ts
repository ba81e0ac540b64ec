import { z } from 'zod'

/**
 * One tolerance rule for every list answer the sync stores (v2 set and figure records, v3 set
 * pages, v3 figure answers; docs/protocol.md §4a): a record is read on its own. A value whose
 * meaning is certain is read as meant (the lenient types below); a record still not readable is
 * skipped, named here with its id and reason, and counted in the sync's outcome. Only a page where
 * most records fail is refused whole: that is a different format, not an odd record.
 */

/** One record left out of an answer: where it was, whose it was, and what broke. */
export interface RecordRejection {
  readonly index: number
  /** The record's own id (setID, figure number) when it had a usable one. */
  readonly id: string | number | null
  /** The path inside the record, e.g. `collection.qtyOwned`. */
  readonly field: string
  readonly message: string
}

/** A list answer read record by record: the readable records in order, and each one left out. */
interface ToleratedList<T> {
  readonly records: T[]
  readonly rejected: RecordRejection[]
}

/**
 * A page is refused whole when more than half of its records fail, and at least this many do: a
 * page of one or two odd records (a one-set read, the last page of a list) is never "a different
 * format", and a whole page of records the client cannot read is never a handful of odd ones.
 */
const REFUSE_PAGE_FROM = 3

/** True when the answer's failures say "a different format": refuse the page whole. */
export function mostlyUnreadable(records: number, rejected: number): boolean {
  return rejected >= REFUSE_PAGE_FROM && rejected * 2 > records + rejected
}

/** The key a page must not repeat, and the field that holds it (named when a record repeats it). */
interface UniqueKey<T> {
  readonly field: string
  readonly of: (record: T) => string | number
}

/**
 * Each raw record through its schema on its own. `idOf` names a record for the log (also one that
 * failed); a record repeating an earlier one's `unique` key is left out. `lenient`: a second
 * reading tried only for a record `schema` refuses (a cheap strict check first); its complaint is
 * the one named, since it is what is left after every certain reading.
 */
export function readRecords<T>(
  raws: readonly unknown[],
  schema: z.ZodType<T>,
  idOf: (raw: unknown) => string | number | null,
  unique?: UniqueKey<T>,
  lenient?: z.ZodType<T>
): ToleratedList<T> {
  const records: T[] = []
  const rejected: RecordRejection[] = []
  const seen = new Set<string | number>()
  raws.forEach((raw, index) => {
    let r = schema.safeParse(raw)
    if (!r.success && lenient !== undefined) r = lenient.safeParse(raw)
    if (!r.success) {
      const issue = r.error.issues[0]
      const field = issue?.path.map(String).join('.') ?? ''
      rejected.push({ index, id: idOf(raw), field, message: issue?.message ?? 'invalid' })
      return
    }
    const key = unique?.of(r.data)
    if (key !== undefined && seen.has(key)) {
      const field = unique?.field ?? ''
      rejected.push({ index, id: key, field, message: `${field} given twice` })
      return
    }
    if (key !== undefined) seen.add(key)
    records.push(r.data)
  })
  return { records, rejected }
}

/** The value of `key` when the raw record is an object holding a usable id there. */
export function rawId(raw: unknown, key: string): string | number | null {
  const v = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : null
  if (typeof v === 'string' && v !== '') return v
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

// ---- Lenient types: each reads one more spelling, only where its meaning is certain. ----

/** Digits given as text (`"2007"`): the number they spell. Anything else is left for the check. */
function numberFromText(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const t = v.trim()
  return /^[+-]?(?:\d{1,15}(?:\.\d{1,15})?|\.\d{1,15})$/.test(t) ? Number(t) : v
}

/**
 * How far past a bound a value may be and still mean the bound: a rating of 5.0000001 is a rating
 * of 5 computed in floating point, a rating of 5.01 is not a rating this client knows.
 */
const ROUNDING = 1e-6

/**
 * The largest whole number either version of the service holds: its ints are .NET's Int32 (v2's
 * XSD says `int`); anything past it is a broken answer, not a count (docs/protocol.md §4a).
 */
export const INT32_MAX = 2147483647

/** A whole number in [min, max], also given as its digits; anything else fails the record. */
export function wholeNumber(min: number, max = INT32_MAX) {
  return z.preprocess((v) => {
    const n = numberFromText(v)
    // 7.0000000001 is 7 computed in floating point; 1.5 is not a count.
    return typeof n === 'number' && Math.abs(n - Math.round(n)) <= ROUNDING ? Math.round(n) : n
  }, z.number().int().min(min).max(max))
}

/** A number in [min, max], also given as text; a value past a bound by rounding only is the bound. */
export function boundedNumber(min: number, max = Number.MAX_VALUE) {
  return z.preprocess((v) => {
    const n = numberFromText(v)
    if (typeof n !== 'number' || !Number.isFinite(n)) return n
    if (n < min && min - n <= ROUNDING) return min
    if (n > max && n - max <= ROUNDING) return max
    return n
  }, z.number().min(min).max(max))
}

/** Text, also given as a number (`7` for a figure number `"7"`): the same characters either way. */
export const textOrNumber = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string()
)

/** A list of text, or one comma-joined text; a null entry is no entry. */
export const textList = z.union([
  z.array(z.string().nullable()).transform((l) => l.filter((x): x is string => x !== null)),
  z.string()
])

const UTC_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?)(Z|[+-]00:?00)$/
const ZONELESS_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?$/
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const valid = (s: string) => Number.isFinite(Date.parse(s))

/**
 * A UTC timestamp that is a date: the fields in range as the ISO reading of `Date.parse` takes them
 * (any day to 31 in any month, and 24:00:00 for the end of a day). One pattern, not a pattern and
 * a `Date.parse` refinement: a v3 page's ~4,500 timestamps cost 4.3 ms that way and 1.5 ms this
 * way, of a 500-set page's 9-12 ms check on the thread that writes the catalogue (issue 25). The
 * strict v3 check (v3-sets.ts) and the lenient reading below both use it;
 * test/shared/v3-timestamp.test.ts holds it equal to the pattern and `Date.parse` together.
 */
export const UTC_DATE_TIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,7})?|24:00:00(?:\.0{1,7})?)Z$/

/**
 * A UTC timestamp, written with `Z` (production) or with a zero offset (`+00:00`, the same
 * instant). A time without a zone names no instant (docs/protocol.md §5 says v3 sends `Z`): that
 * field is read as omitted, the record is kept. `dayOnly`: the value is a day (a shop's first and
 * last date), so a date alone means that day and is read as its UTC midnight.
 */
export function utcTimestamp(options: { readonly dayOnly?: boolean } = {}) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v
      const t = v.trim()
      if (options.dayOnly === true && DATE_ONLY.test(t) && valid(t)) return `${t}T00:00:00Z`
      const m = UTC_TIME.exec(t)
      if (m !== null) return `${m[1] ?? ''}Z`
      return ZONELESS_TIME.test(t) ? undefined : v
    },
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?Z$/, 'not a UTC timestamp')
      // The form is right; whether its fields make a date is told apart.
      .regex(UTC_DATE_TIME, 'not a date')
      .optional()
  )
}

// ---- A list answer's left-out records, beside the list the typed client returns. ----

/**
 * v2 list answers reach their callers as plain arrays (the typed client's results); the records
 * left out of one ride beside it here, keyed by the array, so no caller's types change and an
 * answer with none costs nothing. The decode worker hands them across explicitly (a WeakMap does
 * not cross threads).
 */
const LEFT_OUT = new WeakMap<readonly unknown[], readonly RecordRejection[]>()

/** The list, with `rejected` recorded as the records left out of it. */
export function withRejections<T extends unknown[]>(
  list: T,
  rejected: readonly RecordRejection[]
): T {
  if (rejected.length > 0) LEFT_OUT.set(list, rejected)
  return list
}

/** The records left out of a list answer (none for a list read whole). */
export function rejectionsOf(list: readonly unknown[]): readonly RecordRejection[] {
  return LEFT_OUT.get(list) ?? []
}
