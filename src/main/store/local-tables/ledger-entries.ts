import { z } from 'zod'
import { localTable } from '../local-table'

/**
 * The copy ledger (migration 0140, src/main/ledger): disposals the service has no record of.
 * A row from a file passes the same rules as a disposal made in the app (the channel
 * `ledger:applyDisposal` and src/main/ledger/dispose.ts): the four kinds, real days, amounts of
 * 0 to 1e9, ISO currency codes, text no longer than the dialog takes, not disposed of before it
 * was acquired. One entry per copy is the table's own UNIQUE index: a merge replaces the entry of
 * the same copy, never adds a second.
 */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`)
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(d)
  }, 'not a day that exists')
// Free text: C0 controls other than tab, CR and LF are refused, as in what the user types.
const text = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(s) && s.isWellFormed())
const money = z.number().min(0).max(1e9)
const currency = z.string().regex(/^([A-Z]{3})?$/)
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

export const ledgerEntries = localTable({
  name: 'ledger_entries',
  columns: [
    'entry_id',
    'local_id',
    'collection_id',
    'set_id',
    'set_number',
    'set_name',
    'theme',
    'set_year',
    'kind',
    'disposed_on',
    'proceeds',
    'proceeds_currency',
    'price_paid',
    'additional_price_paid',
    'currency',
    'date_acquired',
    'condition_when_acquired',
    'condition_now',
    'estimated_value',
    'note',
    'deleted_on_service',
    'batch_id',
    'created_at'
  ],
  row: z
    .strictObject({
      entry_id: z.string().regex(new RegExp(`^${uuid.source}$`)),
      local_id: z.string().min(1).max(64),
      collection_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
      set_id: z.number().int().min(1).max(9_999_999_999),
      set_number: text(60),
      set_name: text(300),
      theme: text(200),
      set_year: z.number().int().min(1900).max(2200).nullable(),
      kind: z.enum(['sold', 'gifted', 'partedOut', 'lost']),
      disposed_on: day,
      proceeds: money,
      proceeds_currency: currency,
      price_paid: money,
      additional_price_paid: money,
      currency,
      date_acquired: z.union([z.literal(''), day]),
      condition_when_acquired: text(50),
      condition_now: text(50),
      estimated_value: money,
      note: text(500),
      deleted_on_service: z.union([z.literal(0), z.literal(1)]),
      // The journal entry of the disposal's edit; it names no row of another file's journal.
      batch_id: z
        .string()
        .regex(new RegExp(`^ledger:${uuid.source}$`))
        .nullable(),
      created_at: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z$/)
    })
    .refine((r) => r.date_acquired === '' || r.disposed_on >= r.date_acquired, {
      message: 'disposed of before it was acquired'
    })
    .refine((r) => r.deleted_on_service === 1 || r.batch_id === null, {
      message: 'an entry whose copy stayed names no edit'
    }),
  // The full export's import reads at most 100,000 rows in all.
  maxRows: 50_000,
  // An entry made since the backup stays; the backup's entry of the same copy replaces it.
  onRestore: 'merge'
})
