/**
 * `npx tsx bench/watch.ts`: the retirement watch on the 20,000-set demo with 2,000 copies: the
 * Leaving shops list (watch:leaving, which Browse's badge also reads) for one shop and all four,
 * and a Browse page with the saved-view filter "leaving shops within 90 days", all on the main
 * thread. The longest event-loop delay while they run is the stall they add; the goal is under
 * 50 ms. Writes "Retirement watch" in docs/benchmarks.md.
 */
import { createCatalogueHandlers } from '../src/main/catalogue/catalogue-handlers'
import { createWatchHandlers } from '../src/main/watch/index'
import type { WriteDb } from '../src/main/store/handles'
import type { Handlers } from '../src/shared/ipc/contract'
import { COPY_DETAILS, seedOwnedCopies } from './bench-store'
import { callStalls, stallSection } from './call-stalls'
import { writeStoreSection } from './doc-section'
import { collectionStore } from './search'
import { setStateSql } from '../src/main/collection/index'

const SETS = 20_000
const COPIES = 2_000
const N = 40

/**
 * Shop exits spread over the two years from today in every region, so a 90-day window holds
 * about an eighth of the wanted sets (the generated catalogue's own dates are in the past).
 */
function datesFromToday(db: WriteDb, pid: number): void {
  db.prepare(
    `UPDATE sets SET shop_exit = date('now', '+' || (id % 730) || ' days'),
       detail = json_set(CASE WHEN json_valid(detail) THEN detail ELSE '{}' END,
         '$.shopDates', json_object(
           'US', json_object('first', NULL, 'last', date('now', '+' || (id % 730) || ' days')),
           'UK', json_object('first', NULL, 'last', date('now', '+' || (id % 700) || ' days')),
           'CA', json_object('first', NULL, 'last', date('now', '+' || (id % 650) || ' days')),
           'DE', json_object('first', NULL, 'last', date('now', '+' || (id % 600) || ' days'))))
     WHERE profile_id = ? AND id % 3 <> 0`
  ).run(pid)
}

async function main(): Promise<void> {
  const { store, profiles, pid, close } = await collectionStore('watch', SETS)
  // Every copy bought new in 2024 for 20 EUR, kept on the shelf.
  const copy = ['2024-01-01', 'EUR', 20, 'New', 'New', 'Shelf']
  seedOwnedCopies(store.write, pid, COPIES, COPY_DETAILS, () => copy)
  datesFromToday(store.write, pid)
  const wanted = (
    store.read
      .prepare('SELECT count(*) AS n FROM set_state WHERE profile_id = ? AND wanted = 1')
      .get(pid) as { n: number }
  ).n
  const handlers = {
    ...createWatchHandlers({ store, profileId: () => pid, now: () => new Date() }),
    ...createCatalogueHandlers({ state: setStateSql, store, profiles, now: () => new Date() })
  } as unknown as Handlers
  const { ok, measure, rows: lines, worst } = callStalls(handlers, N)
  const us = (await ok('watch:leaving', { regions: ['US'], days: 90 })) as { sets: unknown[] }
  await measure(`watch:leaving US, 90 days (${us.sets.length} sets listed)`, () =>
    ok('watch:leaving', { regions: ['US'], days: 90 })
  )
  const all4 = (await ok('watch:leaving', { regions: ['UK', 'US', 'CA', 'EU'], days: 730 })) as {
    sets: unknown[]
  }
  await measure(`watch:leaving 4 shops, 730 days (${all4.sets.length} sets listed)`, () =>
    ok('watch:leaving', { regions: ['UK', 'US', 'CA', 'EU'], days: 730 })
  )
  await measure('watch:leaving 4 shops, 730 days, without the notice check', () =>
    ok('watch:leaving', { regions: ['UK', 'US', 'CA', 'EU'], days: 730, notice: false })
  )
  await measure('catalog:search exitWithinDays 90, first page', () =>
    ok('catalog:search', { exitWithinDays: 90, limit: 100 })
  )
  await measure('catalog:search wanted + exitWithinDays 90, first page', () =>
    ok('catalog:search', { wanted: true, exitWithinDays: 90, limit: 100 })
  )
  // The filter over the shops the user chose: the other shops' days are read from each set's detail.
  const shops = ['UK', 'US', 'CA', 'EU']
  await measure('catalog:search exitWithinDays 90 in 4 shops, first page', () =>
    ok('catalog:search', { exitWithinDays: 90, exitRegions: shops, limit: 100 })
  )
  await measure('catalog:search wanted + exitWithinDays 90 in 4 shops, first page', () =>
    ok('catalog:search', { wanted: true, exitWithinDays: 90, exitRegions: shops, limit: 100 })
  )
  close()
  writeStoreSection(
    'Retirement watch',
    stallSection({
      script: 'watch',
      setup: `${SETS.toLocaleString('en')} cached sets (the bench/search.ts catalogue, ${wanted} wanted), ${COPIES.toLocaleString('en')} copies; two sets in three
given shop exits spread over the two years from today.`,
      worst: worst(),
      rows: lines
    })
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
