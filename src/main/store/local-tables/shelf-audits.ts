import { z } from 'zod'
import { localTable } from '../local-table'

/**
 * The shelf audit (migrations 0150 and 0160, src/main/shelf): which place was walked and what the
 * user ticked there; the service holds nothing of it. A row from a file passes the rules of an
 * audit made in the app: a place of at most 200 characters, times as the app writes them, marks
 * 'seen' or 'missing', a copy's local id or a code of at most 200 characters.
 *
 * `replace`, both tables: an open audit is one per profile (the partial unique index). A merge
 * would put the backup's open audit over the one open here, leaving that one's marks behind
 * with no audit; the profile's audits and their marks become the backup's, together.
 * `fix_journal_id` is not carried: it names an edit of this file's journal, not of the backup's,
 * so a restored audit offers no undo of its fix.
 */

const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z$/)
// Free text: C0 controls other than tab, CR and LF are refused, as in what the user types.
const text = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(s) && s.isWellFormed())
const auditId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)

export const shelfAudits = localTable({
  name: 'shelf_audits',
  columns: ['id', 'location', 'started_at', 'ended_at'],
  row: z
    .strictObject({
      id: auditId,
      location: text(1, 200),
      started_at: time,
      ended_at: time.nullable()
    })
    .refine((r) => r.ended_at === null || r.ended_at >= r.started_at, {
      message: 'ended before it started'
    }),
  // One audit at a time, kept after it ends: years of walking every shelf stay far below this.
  maxRows: 10_000,
  onRestore: 'replace'
})

export const shelfAuditMarks = localTable({
  name: 'shelf_audit_marks',
  columns: ['audit_id', 'local_id', 'code', 'mark', 'marked_at'],
  row: z
    .strictObject({
      audit_id: auditId,
      local_id: text(0, 64),
      code: text(0, 200),
      mark: z.enum(['seen', 'missing']),
      marked_at: time
    })
    // A mark names a copy (code '') or a code that named none (local id ''), never both.
    .refine((r) => (r.local_id === '') !== (r.code === ''), {
      message: 'names a copy or a code'
    }),
  // A mark per copy walked: the whole 2,000-copy demo many times over, under the full export's
  // import limit of 100,000 rows.
  maxRows: 50_000,
  onRestore: 'replace'
})
