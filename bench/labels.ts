/**
 * `npx tsx bench/labels.ts`: box labels (issue #30 §4) on the 20,000-set demo with 2,000 copies:
 * the label run of every copy (labels:list, 2,000 QR codes drawn in main), by selection, by
 * location and for the whole collection, and one scan of a label (collection:scan), all through
 * dispatch on the main thread. The longest event-loop delay while they run is the stall they add;
 * the goal is under 50 ms. Writes a dated "Box labels" part in docs/benchmarks.md.
 */
import { createLabelsHandlers } from '../src/main/labels/index'
import { createScanHandlers } from '../src/main/collection/scan'
import { transaction } from '../src/main/store/handles'
import type { Handlers } from '../src/shared/ipc/contract'
import { labelCode } from '../src/shared/model/box-label'
import { callStalls, stallSection } from './call-stalls'
import { writeStoreSection } from './doc-section'
import { collectionStore } from './search'

const SETS = 20_000
const COPIES = 2_000
const N = 3

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

async function spinSlices(ms: number): Promise<void> {
  const end = performance.now() + ms
  while (performance.now() < end) {
    const slice = performance.now() + 8
    while (performance.now() < slice) {
      // Busy, as a slice drawing QR codes is.
    }
    await new Promise((resolve) => setImmediate(resolve))
  }
}

async function main(): Promise<void> {
  const { store, pid, close } = await collectionStore('labels', SETS)
  const owned = (
    store.read
      .prepare('SELECT set_id FROM set_state WHERE profile_id = ? AND owned = 1')
      .all(pid) as { set_id: number }[]
  ).map((r) => r.set_id)
  const copy = store.write.prepare(
    `INSERT INTO copies (local_id, profile_id, set_id, collection_id, location, updated_at)
     VALUES (?, ?, ?, ?, ?, '')`
  )
  transaction(store.write, () => {
    for (let i = 0; i < COPIES; i++) {
      // Real local ids are UUIDs: the longest label code, the largest QR.
      const localId = `${String(i).padStart(8, '0')}-5b7d-4c1a-9e2f-0a1b2c3d4e5f`
      copy.run(
        localId,
        pid,
        owned[i % owned.length],
        i % 2 === 0 ? 100_000 + i : null,
        'Attic › Shelf 1'
      )
    }
  })
  const deps = { store, profileId: () => pid }
  const handlers = {
    ...createLabelsHandlers(deps),
    ...createScanHandlers({ ...deps, now: () => new Date(), changed: () => undefined })
  } as unknown as Handlers
  const { ok, measure, rows: lines, worst } = callStalls(handlers, N)
  const count = ((await ok('labels:list', { setIDs: owned })) as { labels: unknown[] }).labels
    .length
  console.log(`${count} labels, ${owned.length} owned sets`)
  // Two floors: what the machine's load alone does to an idle loop, and to a loop that spins
  // in the same ~8 ms slices as the label run (a CPU-bound process waits its turn at a high load).
  await measure('floor: idle loop for 2 s (the load alone)', () => pause(2_000))
  await measure('floor: 2 s of empty ~8 ms busy slices (the load on CPU-bound work)', () =>
    spinSlices(2_000)
  )
  await measure(`labels:list of ${owned.length} selected sets (${count} labels)`, () =>
    ok('labels:list', { setIDs: owned })
  )
  await measure(`labels:list location Attic › Shelf 1 (${count} labels)`, () =>
    ok('labels:list', { location: 'Attic › Shelf 1' })
  )
  const code = labelCode(`${String(7).padStart(8, '0')}-5b7d-4c1a-9e2f-0a1b2c3d4e5f`)
  const scan = callStalls(handlers, 40)
  await scan.measure('collection:scan of a box label', () =>
    scan.ok('collection:scan', { code, action: 'owned' })
  )
  close()
  const date = new Date().toISOString().slice(0, 10)
  writeStoreSection(
    `Box labels, ${date}`,
    stallSection({
      script: 'labels',
      setup: `${SETS.toLocaleString('en')} cached sets (the bench/search.ts catalogue, 3 % owned), ${COPIES.toLocaleString('en')} copies at one location, local ids
UUID-long (the largest QR).`,
      method: `Each call runs on the main thread through dispatch; the QR codes are drawn in
~8 ms slices with a turn of the loop between. The stall is the longest event-loop delay
(perf_hooks.monitorEventLoopDelay) while the n calls ran.`,
      worst: Math.max(worst(), scan.worst()),
      rows: [...lines, ...scan.rows]
    })
  )
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
