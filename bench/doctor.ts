/**
 * `npx tsx bench/doctor.ts`: the collection doctor on the 20,000-set demo with 2,000 copies:
 * the sidebar's count (doctor:getSummary, after every edit), each check's first page (doctor:list)
 * and one fix (doctor:applyFix), all on the main thread. The longest event-loop delay while they run
 * is the stall they add; the goal is under 50 ms. Writes "Collection doctor" in docs/benchmarks.md.
 */
import { createDoctorHandlers } from '../src/main/doctor/index'
import type { WriteDb } from '../src/main/store/handles'
import type { Handlers } from '../src/shared/ipc/contract'
import { DOCTOR_CHECKS } from '../src/shared/model/doctor'
import type { SetRecord } from '../src/shared/protocol/records'
import { COPY_DETAILS, featureDeps, seedOwnedCopies } from './bench-store'
import { callStalls, stallSection } from './call-stalls'
import { writeStoreSection } from './doc-section'
import { collectionStore, prng } from './search'

const SETS = 20_000
const COPIES = 2_000
const N = 40

/** A mix such as a real collection holds: most fine, some copies with each kind of problem. */
function seedCopies(db: WriteDb, pid: number, sets: readonly SetRecord[]): void {
  const r = prng(5)
  const year = new Map(sets.map((s) => [s.setID, s.year ?? 2000]))
  seedOwnedCopies(db, pid, COPIES, COPY_DETAILS, (i, setID) => {
    const y = Number(year.get(setID) ?? 2000)
    const date = r() < 0.1 ? `${y - 3}-01-01` : r() < 0.1 ? '' : `${y + 1}-05-0${1 + (i % 9)}`
    return [
      date,
      r() < 0.1 ? '' : 'EUR',
      r() < 0.1 ? 0 : 20 + (i % 50),
      r() < 0.1 ? 'Used - complete' : 'New',
      r() < 0.1 ? 'MISB' : 'Assembled',
      'Shelf'
    ]
  })
}

async function main(): Promise<void> {
  const { store, pid, sets, close } = await collectionStore('doctor', SETS)
  seedCopies(store.write, pid, sets)
  const handlers = createDoctorHandlers(featureDeps(store, pid)) as unknown as Handlers
  const { ok, measure, rows: lines, worst } = callStalls(handlers, N)
  const summary = (await ok('doctor:getSummary', {})) as {
    checks: { check: string; count: number }[]
  }
  const found = summary.checks.map((c) => `${c.check} ${c.count}`).join(', ')
  console.log(found)
  await measure('doctor:getSummary (the badge: every check counted)', () =>
    ok('doctor:getSummary', {})
  )
  for (const check of DOCTOR_CHECKS) {
    await measure(`doctor:list ${check}, first 20`, () =>
      ok('doctor:list', { check, offset: 0, limit: 20 })
    )
  }
  // A fix and its opposite, alternately: each is a problem found and fixed through the edit path.
  const wanted = store.write.prepare(
    'UPDATE set_state SET wanted = 1 WHERE profile_id = ? AND set_id = ?'
  )
  const target = store.read
    .prepare('SELECT set_id FROM set_state WHERE profile_id = ? AND owned = 1 LIMIT 1')
    .get(pid) as { set_id: number }
  await measure('doctor:applyFix ownedWanted (one edit, journaled)', async () => {
    wanted.run(pid, target.set_id)
    await ok('doctor:applyFix', { check: 'ownedWanted', setID: target.set_id })
  })
  close()
  writeStoreSection(
    'Collection doctor',
    stallSection({
      script: 'doctor',
      setup: `${SETS.toLocaleString('en')} cached sets (the bench/search.ts catalogue, 3 % owned), ${COPIES.toLocaleString('en')} copies with a mix of
problems (found: ${found}).`,
      method: `Each call runs on the main thread through dispatch, yielding between its queries; the stall is the longest event-loop
delay (perf_hooks.monitorEventLoopDelay) while the n calls ran.`,
      worst: worst(),
      rows: lines
    })
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
