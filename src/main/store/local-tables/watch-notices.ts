import { z } from 'zod'
import { localTable } from '../local-table'

/** The retirement watch's notices (migration 0120): which wanted sets it told the user about. */
export const watchNotices = localTable({
  name: 'watch_notices',
  columns: ['set_id', 'exit_date', 'noticed_at'],
  row: z.strictObject({
    set_id: z.number().int().min(1).max(9_999_999_999),
    exit_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    noticed_at: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z$/)
  }),
  // One per wanted set: the largest catalogue is about 20,000 sets. Under the import's 100,000
  // rows, so a full export of a whole table still imports.
  maxRows: 50_000,
  // A notice given since the backup stays given: a restore never repeats one.
  onRestore: 'merge'
})
