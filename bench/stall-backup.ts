import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createExchangeHandlers } from '../src/main/exchange/handlers'
import { takeDailyBackup } from '../src/main/exchange/auto-backup'
import { applyRestorePlan } from '../src/main/exchange/restore-apply'
import { planRestore } from '../src/main/exchange/restore-plan'
import { readSnapshot } from '../src/main/exchange/snapshot-repo'
import { editHarness, insertSets } from '../test/collection/harness'
import { loadAverages } from './doc-section'

/**
 * `npx tsx bench/stall-backup.ts [sets]`: how long backups and restores hold the main thread, on
 * a collection of 20,000 sets (all in the catalogue, all owned, one in ten with a note and a
 * copy). For each step: the event loop's delay while it runs (perf_hooks, max and p99, 1 ms
 * resolution) and the step's own time, with the load average just before it (the machine is shared).
 *
 * Steps: "Back up collection…"; a restore's preview of that backup after every set changed
 * (20,000 sets to put back); the restore's apply (safety backup, then plan and one transaction
 * in the backup worker on its own connection); the same transaction run on the main thread
 * instead, timed directly (what the stall would be without the worker); the daily backup.
 */
const SETS = Number(process.argv[2] ?? 20_000)

async function measure<T>(label: string, run: () => T | Promise<T>): Promise<T> {
  const load = `load average: ${loadAverages()}`
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  const t0 = performance.now()
  const value = await run()
  const took = performance.now() - t0
  // The histogram records a block only when its timer fires after it: let it fire once more.
  await new Promise((resolve) => setTimeout(resolve, 20))
  h.disable()
  const ms = (ns: number): string => `${(ns / 1e6).toFixed(1)} ms`
  console.log(
    `${label.padEnd(34)} stall max ${ms(h.max).padStart(9)}, p99 ${ms(h.percentile(99)).padStart(8)}` +
      `; took ${took.toFixed(0).padStart(6)} ms; ${load}`
  )
  return value
}

async function main(): Promise<void> {
  const ids = Array.from({ length: SETS }, (_, i) => 100_000 + i)
  const t = await editHarness({ sets: ids })
  const db = t.store.write
  const at = '2026-01-01T00:00:00.000Z'
  db.transaction(() => {
    const state = db.prepare(
      `INSERT INTO set_state (profile_id, set_id, owned, wanted, qty_owned, notes, rating, flags,
         updated_at) VALUES (?, ?, 1, 0, ?, ?, ?, 0, ?)`
    )
    const copy = db.prepare(
      `INSERT INTO copies (local_id, profile_id, set_id, notes, updated_at) VALUES (?, ?, ?, ?, ?)`
    )
    for (const id of ids) {
      const noted = id % 10 === 0
      state.run(t.profileId, id, noted ? 2 : 1, noted ? `note ${id}` : '', id % 6, at)
      if (noted) copy.run(`c-${id}`, t.profileId, id, `copy of ${id}`, at)
    }
  })()
  insertSets(t.store, t.profileId, ids)
  const x = createExchangeHandlers({ ...t.deps, files: null })
  console.log(`${SETS} sets, node ${process.version}`)

  // The same probe over a quiet 3 s: what the machine's load alone costs the main thread.
  await measure('nothing (baseline, 3 s)', () => new Promise((r) => setTimeout(r, 3000)))
  const backup = await measure('exchange:backup', () =>
    x['exchange:backup']({ saveWithDialog: false })
  )
  // Every set changes after the backup: the restore puts 20,000 sets back.
  db.prepare(`UPDATE set_state SET qty_owned = qty_owned + 1, rating = 0 WHERE profile_id = ?`).run(
    t.profileId
  )
  const data = [readFileSync(backup.path ?? '')]
  const preview = await measure('exchange:previewRestore', async () =>
    x['exchange:previewRestore']({ data, name: 'bench.studbook' })
  )
  console.log(
    `  preview: ${String(preview?.changes)} changes, ${String(preview?.serviceWrites)} to the service`
  )
  await measure('exchange:applyRestore', async () =>
    x['exchange:applyRestore']({ restoreId: preview?.restoreId ?? '' })
  )
  const outbox = db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }
  console.log(`  outbox after the restore: ${outbox.n} rows`)
  // The apply step alone (what exchange:applyRestore runs on the main thread after the worker
  // planned): one transaction, timed directly, since it is synchronous.
  db.prepare(`UPDATE set_state SET qty_owned = qty_owned + 1 WHERE profile_id = ?`).run(t.profileId)
  const current = readSnapshot(db, t.profileId)
  const back = new Map([...current.sets].map(([id, v]) => [id, { ...v, qtyOwned: v.qtyOwned - 1 }]))
  const plan = planRestore(current, { ...current, sets: back }, () => 'x')
  const load = `load average: ${loadAverages()}`
  const t0 = performance.now()
  applyRestorePlan(db, t.profileId, { edits: plan.edits, views: null }, 'bench', at)
  console.log(
    `apply on main (${plan.edits.length} edits)`.padEnd(34) +
      ` one transaction ${(performance.now() - t0).toFixed(0)} ms; ${load}`
  )
  await measure('daily automatic backup', () => takeDailyBackup(t.store, new Date()))
  t.close()
}

void main()
