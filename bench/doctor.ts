/**
 * `npx tsx bench/doctor.ts`: the collection doctor on the 20,000-set demo with 2,000 copies:
 * the sidebar's count (doctor:getSummary, after every edit), each check's first page (doctor:list)
 * and one fix (doctor:applyFix), all on the main thread. The longest event-loop delay while they run
 * is the stall they add; the goal is under 50 ms. Writes "Collection doctor" in docs/benchmarks.md.
 */
import { rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createDoctorHandlers } from '../src/main/doctor/index'
import { dispatch } from '../src/main/ipc/dispatch'
import { transaction } from '../src/main/store/handles'
import type { Handlers } from '../src/shared/ipc/contract'
import { DOCTOR_CHECKS } from '../src/shared/model/doctor'
import type { SetRecord } from '../src/shared/protocol/records'
import { benchStore } from './bench-store'
import { machine, percentile, writeStoreSection } from './doc-section'
import { catalogue, loadCatalogue, prng, seedCollection } from './search'

const SETS = 20_000
const COPIES = 2_000
const N = 40

function seedCopies(
  db: Parameters<typeof transaction>[0],
  pid: number,
  sets: readonly SetRecord[]
): void {
  const owned = db
    .prepare('SELECT set_id FROM set_state WHERE profile_id = ? AND owned = 1')
    .all(pid) as { set_id: number }[]
  const r = prng(5)
  const copy = db.prepare(
    `INSERT INTO copies (local_id, profile_id, set_id, collection_id, date_acquired, currency,
       price_paid, condition_when_acquired, condition_now, location, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Shelf', '')`
  )
  const year = new Map(sets.map((s) => [s.setID, s.year ?? 2000]))
  transaction(db, () => {
    for (let i = 0; i < COPIES; i++) {
      const setID = (owned[i % owned.length] as { set_id: number }).set_id
      const y = Number(year.get(setID) ?? 2000)
      // A mix such as a real collection holds: most fine, some with each kind of problem.
      const date = r() < 0.1 ? `${y - 3}-01-01` : r() < 0.1 ? '' : `${y + 1}-05-0${1 + (i % 9)}`
      copy.run(
        `bench-${i}`,
        pid,
        setID,
        100_000 + i,
        date,
        r() < 0.1 ? '' : 'EUR',
        r() < 0.1 ? 0 : 20 + (i % 50),
        r() < 0.1 ? 'Used - complete' : 'New',
        r() < 0.1 ? 'MISB' : 'Assembled'
      )
    }
  })
}

async function main(): Promise<void> {
  const { dir, store, profiles } = await benchStore('doctor', 'https://catalogue.invalid')
  const pid = profiles.active().id
  const sets = catalogue(SETS)
  loadCatalogue(store.write, pid, sets)
  seedCollection(store.write, pid, sets)
  seedCopies(store.write, pid, sets)
  const handlers = createDoctorHandlers({
    store,
    profileId: () => pid,
    now: () => new Date(),
    changed: () => undefined
  }) as unknown as Handlers
  const lines: string[] = []
  let worst = 0
  const measure = async (name: string, call: () => Promise<unknown>): Promise<void> => {
    for (let i = 0; i < 3; i++) await call()
    const times: number[] = []
    // The stall is the loop's longest delay while the calls run, not a call's whole time (a call
    // yields between its queries).
    const delay = monitorEventLoopDelay({ resolution: 1 })
    delay.enable()
    for (let i = 0; i < N; i++) {
      // Back to the loop between calls, as between two requests: a call's own block is measured,
      // never a run of calls that resolved on microtasks alone.
      await new Promise((resolve) => setImmediate(resolve))
      const t = performance.now()
      await call()
      times.push(performance.now() - t)
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
    delay.disable()
    times.sort((a, b) => a - b)
    const max = delay.max / 1e6
    worst = Math.max(worst, max)
    const load = (loadavg()[0] ?? 0).toFixed(1)
    const row = `| ${name} | ${N} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${max.toFixed(1)} | ${load} |`
    console.log(row)
    lines.push(row)
  }
  const ok = async (c: Parameters<typeof dispatch>[1], input: unknown): Promise<unknown> => {
    const res = await dispatch(handlers, c, input)
    if (!res.ok) throw new Error(res.error.message)
    return res.value
  }
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
  store.close()
  rmSync(dir, { recursive: true, force: true })
  const date = new Date().toISOString().slice(0, 10)
  writeStoreSection(
    'Collection doctor',
    `Measured ${date} on ${machine()}, by \`npx tsx bench/doctor.ts\` (bench/doctor.ts).
${SETS.toLocaleString('en')} cached sets (the bench/search.ts catalogue, 3 % owned), ${COPIES.toLocaleString('en')} copies with a mix of
problems (found: ${found}). Each call runs on the main thread through dispatch, yielding between its queries; the stall is the longest event-loop\ndelay (perf_hooks.monitorEventLoopDelay) while the n calls ran.
Goal: max under 50 ms. Worst here: ${worst.toFixed(1)} ms. The load column is \`uptime\`'s 1-minute average after the row.

| Call | n | call p50 ms | call p95 ms | longest loop delay ms | load |
|---|---:|---:|---:|---:|---:|
${lines.join('\n')}`
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
