import type { ReadDb } from '../store/handles'
import { all } from '../store/handles'
import { sql } from '../store/sql'

interface OutboxCounts {
  readonly pending: number
  readonly needsAttention: number
  readonly conflicts: number
}

export function outboxCounts(db: ReadDb, profileId: number): OutboxCounts {
  const rows = all<{ state: string; n: number }>(
    db,
    sql`SELECT state, count(*) AS n FROM outbox WHERE profile_id = ${profileId} GROUP BY state`
  )
  const n = (s: string) => rows.find((r) => r.state === s)?.n ?? 0
  return { pending: n('pending'), needsAttention: n('needs_attention'), conflicts: n('conflict') }
}
