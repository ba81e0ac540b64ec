import { z } from 'zod'
import { localTable } from '../local-table'

/** The money view's snapshots (migration 0130): one a day, kept only on this computer. */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const count = z.number().int().min(0).max(1_000_000_000)
/** Whole cents, signed: a hostile file's amount never overflows a sum. */
const cents = z.number().int().min(-1e15).max(1e15)

export const moneySnapshots = localTable({
  name: 'money_snapshots',
  columns: ['day', 'taken_at', 'reason', 'undetailed'],
  row: z.strictObject({
    day,
    taken_at: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z$/),
    reason: z.enum(['daily', 'sync', 'import']),
    undetailed: count
  }),
  // One a day, at most ten years (the snapshot drops older days).
  maxRows: 4_000,
  // A day taken since the backup stays; the backup's days come back beside it.
  onRestore: 'merge'
})

export const moneySnapshotRows = localTable({
  name: 'money_snapshot_rows',
  columns: [
    'day',
    'level',
    'theme',
    'currency',
    'copies',
    'sets',
    'paid_cents',
    'retail_cents',
    'retail_copies',
    'value_cents',
    'value_fallback'
  ],
  row: z.strictObject({
    day,
    level: z.enum(['total', 'theme']),
    theme: z.string().max(200),
    currency: z.string().max(10),
    copies: count,
    sets: count,
    paid_cents: cents,
    retail_cents: cents.nullable(),
    retail_copies: count,
    value_cents: cents,
    value_fallback: count
  }),
  // The totals (a row per currency a day) and about 50,000 rows of themes' shares
  // (money/snapshot.ts): under the full export's import limit of 100,000 rows.
  maxRows: 100_000,
  onRestore: 'merge'
})
