import { outbox } from '../../collection/index'
import type { OutboxRow, OutboxTarget } from '../../collection/index'
import { readServer } from './ops'
import type { RowPush } from './push-row'

/** The row's target, or null for a row this build cannot read (it is left as it is). */
function targetOf(row: OutboxRow): OutboxTarget | null {
  try {
    return outbox.target(row)
  } catch {
    return null
  }
}

/**
 * A conflict shows the service's value as it was when the conflict was found, and the website may
 * change it again while the user decides. Each round reads it again (docs/protocol.md §2): the
 * conflict then shows what the service holds now, so "keep theirs" takes that and "keep mine"
 * goes out over it; one whose value the service now holds anyway is done. Copies are compared
 * whole in copy.ts and keep the record shown.
 */
export async function refreshConflicts(ctx: RowPush): Promise<void> {
  for (const row of outbox.conflicts(ctx.db, ctx.profileId)) {
    const t = targetOf(row)
    if (t === null || t.kind === 'copy') continue
    const server = await readServer(t, ctx.reads, ctx.has)
    if (server === undefined) continue
    const s = JSON.stringify(server)
    // The user may have settled or edited it while the read was on its way.
    const now = outbox.row(ctx.db, row.id)
    if (now?.state !== 'conflict' || now.desired !== row.desired || s === now.server) continue
    if (s === now.desired) outbox.confirmed(ctx.db, now, now.desired, ctx.now())
    else outbox.inConflict(ctx.db, now.id, s, now.reason, ctx.now())
  }
}
