/**
 * `npx tsx bench/ledger.ts`: the copy ledger on the 20,000-set demo with 2,000 copies, 500 of
 * them disposed of (half deleted through the edit path, half kept on the service): a disposal,
 * the gains per set, theme and year, the first page of the list and the CSV export, all on the
 * main thread through dispatch. The longest event-loop delay while they run is the stall they
 * add; the goal is under 50 ms. Writes "Copy ledger (<date>)" in docs/benchmarks.md.
 */
import { createLedgerHandlers } from '../src/main/ledger/index'
import { transaction } from '../src/main/store/handles'
import type { Handlers } from '../src/shared/ipc/contract'
import { callStalls, stallSection } from './call-stalls'
import { writeStoreSection } from './doc-section'
import { collectionStore } from './search'

const SETS = 20_000
const COPIES = 2_000
const DISPOSED = 500
const N = 40
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD']

function seedCopies(db: Parameters<typeof transaction>[0], pid: number): string[] {
  const owned = db
    .prepare('SELECT set_id FROM set_state WHERE profile_id = ? AND owned = 1')
    .all(pid) as { set_id: number }[]
  const copy = db.prepare(
    `INSERT INTO copies (local_id, profile_id, set_id, collection_id, date_acquired, currency,
       price_paid, additional_price_paid, current_estimated_value, condition_when_acquired,
       condition_now, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'New', 'New', '')`
  )
  const ids: string[] = []
  transaction(db, () => {
    for (let i = 0; i < COPIES; i++) {
      const setID = (owned[i % owned.length] as { set_id: number }).set_id
      const id = `bench-${i}`
      const year = 2010 + (i % 15)
      copy.run(
        id,
        pid,
        setID,
        100_000 + i,
        `${year}-0${1 + (i % 9)}-1${i % 10}`,
        CURRENCIES[i % CURRENCIES.length] ?? 'EUR',
        20 + (i % 300),
        i % 5,
        i % 3 === 0 ? 0 : 30 + (i % 500)
      )
      ids.push(id)
    }
  })
  return ids
}

async function main(): Promise<void> {
  const { store, pid, close } = await collectionStore('ledger', SETS)
  const copies = seedCopies(store.write, pid)
  const setOf = new Map(
    (
      store.read.prepare('SELECT local_id, set_id FROM copies WHERE profile_id = ?').all(pid) as {
        local_id: string
        set_id: number
      }[]
    ).map((r) => [r.local_id, r.set_id])
  )
  const handlers = createLedgerHandlers({
    store,
    profileId: () => pid,
    now: () => new Date(),
    changed: () => undefined,
    files: null
  }) as unknown as Handlers
  const { ok, measure, rows: lines, worst } = callStalls(handlers, N)
  // A control: one indexed query of a few rows. On a loaded machine its stall is the machine's
  // (the process waiting for a core), the floor under every other row.
  await measure('control: ledger:listForSet, a set with no entry (one indexed query)', () =>
    ok('ledger:listForSet', { setID: 1 })
  )
  let next = 0
  const disposeNext = (deleteCopy: boolean) => {
    const localId = copies[next++] ?? ''
    return ok('ledger:applyDisposal', {
      setID: setOf.get(localId),
      localId,
      kind: 'sold',
      disposedOn: `2025-0${1 + (next % 9)}-15`,
      proceeds: 10 + (next % 400),
      proceedsCurrency: CURRENCIES[next % CURRENCIES.length],
      note: '',
      deleteCopy
    })
  }
  // Measured on the way to 500: each call disposes of one more copy.
  await measure('ledger:applyDisposal, the copy deleted (one edit: state, outbox, journal)', () =>
    disposeNext(true)
  )
  await measure('ledger:applyDisposal, the copy kept on the service', () => disposeNext(false))
  while (next < DISPOSED) await disposeNext(next % 2 === 0)
  for (const by of ['set', 'theme', 'year'] as const) {
    await measure(`ledger:getGains by ${by} (realised, unrealised, totals)`, () =>
      ok('ledger:getGains', { by })
    )
  }
  await measure('ledger:list, first 100 entries', () =>
    ok('ledger:list', { offset: 0, limit: 100 })
  )
  const file = (await ok('ledger:export', { bom: true, saveWithDialog: false })) as {
    rows: number
    content: string
  }
  await measure(
    `ledger:export, CSV of ${file.rows} entries (${Math.round(file.content.length / 1024)} KB)`,
    () => ok('ledger:export', { bom: true, saveWithDialog: false })
  )
  close()
  const date = new Date().toISOString().slice(0, 10)
  writeStoreSection(
    `Copy ledger (${date})`,
    stallSection({
      script: 'ledger',
      setup: `${SETS.toLocaleString('en')} cached sets (the bench/search.ts catalogue), ${COPIES.toLocaleString('en')} copies in four currencies, ${DISPOSED} of them
disposed of (half deleted, half kept on the service).`,
      worst: worst(),
      rows: lines
    })
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
