import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProfiles, defaultClientFactory } from '../src/main/account/profiles'
import type { Profiles } from '../src/main/account/profiles'
import { createMemoryStore } from '../src/main/credentials/index'
import { openStore } from '../src/main/store/connection'
import type { Store } from '../src/main/store/connection'
import { transaction } from '../src/main/store/handles'
import type { WriteDb } from '../src/main/store/handles'

/**
 * A fresh data folder with a database and one profile for `baseUrl`, secrets in memory: what a
 * benchmark of the store starts from. The caller removes `dir`.
 */
export async function benchStore(
  name: string,
  baseUrl: string
): Promise<{ dir: string; store: Store; profiles: Profiles }> {
  const dir = mkdtempSync(join(tmpdir(), `studbook-bench-${name}-`))
  const store = await openStore(join(dir, 'studbook.db'))
  const profiles = await createProfiles({
    store,
    credentials: createMemoryStore(),
    createClient: defaultClientFactory,
    demo: () => Promise.reject(new Error('the benchmark never uses the demo')),
    initial: { baseUrl, binding: 'auto' }
  })
  return { dir, store, profiles }
}

/** A copy's purchase and state, as the copies table names them. */
export const COPY_DETAILS = [
  'date_acquired',
  'currency',
  'price_paid',
  'condition_when_acquired',
  'condition_now',
  'location'
]

/**
 * Seeds `count` copies over the sets the profile owns, round robin, in one transaction, with
 * local ids bench-0, bench-1… Each copy's `columns` take `values(i, setID)` (called in order, so
 * a seeded prng stays stable).
 */
export function seedOwnedCopies(
  db: WriteDb,
  pid: number,
  count: number,
  columns: readonly string[],
  values: (i: number, setID: number) => unknown[]
): void {
  const owned = db
    .prepare('SELECT set_id FROM set_state WHERE profile_id = ? AND owned = 1')
    .all(pid) as { set_id: number }[]
  const copy = db.prepare(
    `INSERT INTO copies (local_id, profile_id, set_id, collection_id, ${columns.join(', ')},
       updated_at) VALUES (?, ?, ?, ?, ${columns.map(() => '?').join(', ')}, '')`
  )
  transaction(db, () => {
    for (let i = 0; i < count; i++) {
      const setID = (owned[i % owned.length] as { set_id: number }).set_id
      copy.run(`bench-${String(i)}`, pid, setID, 100_000 + i, ...values(i, setID))
    }
  })
}

/** A feature's dependencies as the composition root gives them, for a bench's handlers. */
export function featureDeps(store: Store, pid: number) {
  return {
    store,
    profileId: () => pid,
    now: () => new Date(),
    changed: () => undefined
  }
}
