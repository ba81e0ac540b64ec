/**
 * `npx tsx bench/money.ts`: the money view on the 20,000-set demo with 2,000 copies: one snapshot
 * (every owned copy summed per currency and theme, in slices of sets, then written), and the
 * screen's reads over a year of daily snapshots (money:getHistory for the whole collection and
 * for one theme). All on the main thread; the longest event-loop delay while they run is the stall
 * they add, goal under 50 ms. Writes a dated section in docs/benchmarks.md.
 */
import { createMoneyHandlers } from '../src/main/money/index'
import { takeSnapshot } from '../src/main/money/snapshot'
import type { WriteDb } from '../src/main/store/handles'
import type { Handlers } from '../src/shared/ipc/contract'
import { addDays } from '../src/shared/model/watch-days'
import { seedOwnedCopies } from './bench-store'
import { callStalls, stallSection } from './call-stalls'
import { writeSection } from './doc-section'
import { collectionStore, prng } from './search'

const SETS = 20_000
const COPIES = 2_000
const DAYS = 365
const N = 40
const CURRENCIES = ['USD', 'USD', 'GBP', 'EUR', 'EUR', 'CAD', 'CHF', '']

function seedCopies(db: WriteDb, pid: number): void {
  const r = prng(7)
  const columns = ['currency', 'price_paid', 'additional_price_paid', 'current_estimated_value']
  seedOwnedCopies(db, pid, COPIES, columns, (i) => {
    const paid = Math.round(r() * 30000) / 100
    return [
      CURRENCIES[i % CURRENCIES.length],
      paid,
      r() < 0.2 ? 4.99 : 0,
      r() < 0.4 ? 0 : Math.round(paid * (0.5 + r()) * 100) / 100
    ]
  })
}

async function main(): Promise<void> {
  const { store, pid, close } = await collectionStore('money', SETS)
  seedCopies(store.write, pid)
  const owned = store.read
    .prepare('SELECT count(*) AS n FROM set_state WHERE profile_id = ? AND owned = 1')
    .get(pid) as { n: number }

  // A year of daily snapshots, as a user who kept the app a year would have.
  const start = '2025-11-27'
  let day = start
  const clock = () => new Date(`${day}T12:00:00`)
  const t0 = performance.now()
  for (let i = 0; i < DAYS; i++) {
    day = addDays(start, i)
    await takeSnapshot({ store, now: clock }, pid, 'daily')
  }
  const seeded = (performance.now() - t0) / DAYS
  const rows = store.read
    .prepare('SELECT count(*) AS n FROM money_snapshot_rows WHERE profile_id = ?')
    .get(pid) as { n: number }
  const theme = (
    store.read
      .prepare(
        `SELECT theme FROM money_snapshot_rows WHERE profile_id = ? AND level = 'theme'
         ORDER BY value_cents DESC LIMIT 1`
      )
      .get(pid) as { theme: string }
  ).theme

  const handlers = createMoneyHandlers({ store, profileId: () => pid }) as unknown as Handlers
  const { ok, measure, rows: lines, worst } = callStalls(handlers, N)
  // The floor: what the machine's load alone delays the loop by, with nothing of ours running.
  await measure('nothing (an empty call: the load alone)', () => Promise.resolve())
  await measure("snapshot: every owned copy summed and written (today's, replaced)", () =>
    takeSnapshot({ store, now: clock }, pid, 'sync')
  )
  await measure(`money:getHistory, whole collection, ${DAYS} days`, () =>
    ok('money:getHistory', { theme: null, days: DAYS })
  )
  await measure(`money:getHistory, one theme (${theme}), ${DAYS} days`, () =>
    ok('money:getHistory', { theme, days: DAYS })
  )
  await measure('money:getHistory, whole collection, 30 days', () =>
    ok('money:getHistory', { theme: null, days: 30 })
  )
  close()
  const date = new Date().toISOString().slice(0, 10)
  writeSection(
    `${date}: the money view's snapshots (issue #30)`,
    stallSection({
      script: 'money',
      setup: `${SETS.toLocaleString('en')} cached sets (the bench/search.ts catalogue), ${owned.n.toLocaleString('en')} owned, ${COPIES.toLocaleString('en')} copies in
${new Set(CURRENCIES).size - 1} currencies and copies without one; ${DAYS} daily snapshots written first (${seeded.toFixed(1)} ms each on average,
${rows.n.toLocaleString('en')} rows: the currency totals and each theme's share).`,
      method: `A snapshot sums 50 owned sets a slice in
SQL and gives the event loop a turn between slices, then writes in steps of 100 rows (the day's
header last), pruning what is past its keeping afterwards; the reads are the screen's. The stall is the longest event-loop delay (perf_hooks.monitorEventLoopDelay) while
the n calls ran; the first row is the floor the machine's load alone gives.`,
      worst: worst(),
      rows: lines
    })
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
