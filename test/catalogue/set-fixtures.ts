import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { transaction } from '../../src/main/store/handles'
import type { WriteDb } from '../../src/main/store/handles'
import {
  beginBulkLoad,
  deferIndexes,
  endBulkLoad,
  finishBulkLoad,
  startInStep
} from '../../src/main/store/fts'
import type { SetRecord } from '../../src/shared/protocol/records'
import { closedAfterEach } from '../closed-after-each'
import { makeSet } from './make-set'

export { makeSet }

export const FIXTURE_AT = '2026-01-01T00:00:00Z'

export interface TestStore {
  readonly store: Store
  /** The id of its one profile (a demo profile). */
  readonly pid: number
  readonly dir: string
  readonly close: () => void
}

/** A fresh database file in its own temporary folder, with one profile to cache sets under. */
export async function openTestStore(name: string): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), `studbook-${name}-`))
  const store = await openStore(join(dir, 'studbook.db'))
  const pid = upsertProfile(
    store.write,
    { kind: 'demo', label: 'd', baseUrl: 'https://d.invalid', binding: 'auto', paths: {} },
    FIXTURE_AT
  ).id
  return {
    store,
    pid,
    dir,
    close: () => {
      store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * Test stores that last one test: each opened with the function this returns is closed after the
 * test (afterEach). At the top of a file, `const testStore = testStoreEachTest()`; in a test,
 * `const t = await testStore('name')`.
 */
export function testStoreEachTest(): typeof openTestStore {
  return closedAfterEach(openTestStore)
}

/**
 * Stores sets 1..n in one transaction, set i+1 named `nameOf(i)` and numbered
 * `firstNumber + (i × stride mod n)`: with a stride prime to n every number is used once, in an
 * order out of step with the rowids, so reading in number order is not reading by rowid.
 */
export function storeShuffledSets(
  t: TestStore,
  n: number,
  numbering: { firstNumber: number; stride: number },
  nameOf: (i: number) => string
): void {
  const sets = Array.from({ length: n }, (_, i) =>
    makeSet({
      setID: i + 1,
      number: String(numbering.firstNumber + ((i * numbering.stride) % n)),
      name: nameOf(i)
    })
  )
  transaction(t.store.write, () => upsertSets(t.store.write, t.pid, sets, FIXTURE_AT))
}

/**
 * A first load of `sets` as the sync's set writer makes one: the search index kept in step, the
 * deferred indexes dropped, then the end of the load in slices, each slice's pause `pace` (a
 * test's look between them).
 */
export async function loadAsWriter(
  db: WriteDb,
  pid: number,
  sets: readonly SetRecord[],
  pace?: () => Promise<void>
): Promise<void> {
  beginBulkLoad(db)
  const inStep = startInStep(db)
  deferIndexes(db, inStep)
  transaction(db, () => upsertSets(db, pid, sets, FIXTURE_AT))
  await finishBulkLoad(db, { inStep, ...(pace ? { pace } : {}) })
}

/** A first load of `sets` ended in one go (endBulkLoad), as an open ends one a crash cut off. */
export function loadAtOnce(db: WriteDb, pid: number, sets: readonly SetRecord[]): void {
  beginBulkLoad(db)
  transaction(db, () => upsertSets(db, pid, sets, FIXTURE_AT))
  endBulkLoad(db)
}

/**
 * What `read` finds in the test store's file as the next start opens it: the store closed, the
 * file opened again (with all an open does to it), read, and closed.
 */
export async function whenReopened<T>(t: TestStore, read: (db: WriteDb) => T): Promise<T> {
  t.store.close()
  const again = await openStore(join(t.dir, 'studbook.db'))
  try {
    return read(again.write)
  } finally {
    again.close()
  }
}
