import { rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { median, syncedDemoApp } from './demo-app'
import { machine } from './doc-section'

/**
 * `npx tsx bench/bulk-edit.ts`: what one bulk edit of the largest selection (5,000 sets) costs on
 * the demo catalogue: its summary (plan), the edit itself (one transaction, one journal entry, an
 * outbox row per set), the push of it to the (in-process) demo service, the one undo that
 * reverts it and the push of that. For each push: how long until nothing was pending, and the
 * longest the main thread was held meanwhile (event-loop delay, 10 ms resolution); and for the
 * plan, the edit and the undo themselves the longest hold while each was answered (1 ms
 * resolution: since issue #25 each runs in the edit writer's worker). Rounds:
 * BENCH_BULK_ROUNDS (default 2); sets: BENCH_BULK_SETS (default 5,000).
 */
const BULK = Number(process.env['BENCH_BULK_SETS'] ?? 5000)
const ROUNDS = Number(process.env['BENCH_BULK_ROUNDS'] ?? 2)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Push {
  readonly ms: number
  readonly maxStallMs: number
  readonly p99StallMs: number
}

async function main(): Promise<void> {
  const { dir, app } = await syncedDemoApp('bulk', 20_000)
  try {
    const h = app.handlers
    const setIDs: number[] = []
    for (let offset = 0; setIDs.length < BULK; offset += 500) {
      const page = await h['catalog:search']({
        text: '',
        sort: 'number',
        desc: false,
        offset,
        limit: 500,
        facets: false
      })
      if (page.rows.length === 0) break
      setIDs.push(...page.rows.filter((r) => !r.collection.wanted).map((r) => r.setID))
    }
    setIDs.length = Math.min(setIDs.length, BULK)

    /** Waits for the background push the edit scheduled, watching the main thread meanwhile. */
    const pushed = async (): Promise<Push> => {
      const loop = monitorEventLoopDelay({ resolution: 10 })
      loop.enable()
      const t = performance.now()
      await sleep(20)
      for (;;) {
        const s = await h['sync:getStatus']({})
        if (s.pending === 0 && !s.running) break
        // Not faster: each status counts the catalogue, on the thread being measured.
        await sleep(250)
      }
      loop.disable()
      const ms = (ns: number) => ns / 1e6
      return {
        ms: performance.now() - t,
        maxStallMs: ms(loop.max),
        p99StallMs: ms(loop.percentile(99))
      }
    }

    /** Runs one call, recording its time and the longest the main thread was held meanwhile. */
    const held: Record<'plan' | 'edit' | 'undo', number[]> = { plan: [], edit: [], undo: [] }
    const watched = async <T>(
      name: keyof typeof held,
      took: number[],
      call: () => T | Promise<T>
    ): Promise<T> => {
      const loop = monitorEventLoopDelay({ resolution: 1 })
      loop.enable()
      // Its timer must run once before the call, and once after, or a block goes unrecorded.
      await sleep(5)
      const t = performance.now()
      const value = await call()
      took.push(performance.now() - t)
      await sleep(5)
      loop.disable()
      held[name].push(loop.max / 1e6)
      return value
    }

    const action = { kind: 'wanted', value: true } as const
    const plan: number[] = []
    const edit: number[] = []
    const undo: number[] = []
    const pushEdit: Push[] = []
    const pushUndo: Push[] = []
    const load: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      load.push(loadavg()[0] ?? 0)
      await watched('plan', plan, () => h['collection:bulkPlan']({ setIDs, action }))
      const r = await watched('edit', edit, () => h['collection:bulkEdit']({ setIDs, action }))
      if (r.change !== setIDs.length) throw new Error(`changed ${String(r.change)} sets`)
      pushEdit.push(await pushed())
      await watched('undo', undo, () => h['journal:undo']({ entryId: r.journalId ?? 0 }))
      pushUndo.push(await pushed())
    }
    await app.close()
    const ms = (xs: number[]): string => `${median(xs).toFixed(0)} ms`
    const push = (ps: Push[]): string =>
      `${(median(ps.map((p) => p.ms)) / 1000).toFixed(1)} s, main thread held at most ` +
      `${median(ps.map((p) => p.maxStallMs)).toFixed(0)} ms (p99 ${median(ps.map((p) => p.p99StallMs)).toFixed(0)} ms)`
    console.log(`machine: ${machine()}; load ${load.map((l) => l.toFixed(1)).join(', ')}`)
    console.log(
      `${setIDs.length.toLocaleString('en')} sets wanted: plan ${ms(plan)}, edit ${ms(edit)}, undo ${ms(undo)} (median of ${String(ROUNDS)})`
    )
    console.log(
      `main thread held at most: plan ${ms(held.plan)}, edit ${ms(held.edit)}, undo ${ms(held.undo)} (median)`
    )
    console.log(`push of the edit: ${push(pushEdit)}`)
    console.log(`push of the undo: ${push(pushUndo)}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()
