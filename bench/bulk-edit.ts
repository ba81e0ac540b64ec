import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../src/main/app/compose'
import { machine } from './doc-section'

/**
 * `npx tsx bench/bulk-edit.ts`: what one bulk edit of the largest selection (5,000 sets) costs on
 * the demo catalogue: its summary (plan), the edit itself (one transaction, one journal entry,
 * 10,000 outbox rows for owned + quantity) and the one undo that reverts it. Median of 3 rounds.
 */
const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'studbook-bench-bulk-'))
  try {
    const app = await createApp({
      dataDir: dir,
      host: 'browser',
      autoSync: false,
      credentials: 'memory',
      demoSets: 20_000
    })
    const h = app.handlers
    await h['sync:start']({ full: true })
    while ((await h['sync:getStatus']({})).running) await new Promise((r) => setTimeout(r, 50))
    const setIDs: number[] = []
    for (let offset = 0; setIDs.length < 5000; offset += 500) {
      const page = await h['catalog:search']({
        text: '',
        sort: 'number',
        desc: false,
        offset,
        limit: 500,
        facets: false
      })
      setIDs.push(...page.rows.filter((r) => !r.collection.owned).map((r) => r.setID))
    }
    setIDs.length = 5000
    const action = { kind: 'owned', value: true } as const
    const plan: number[] = []
    const edit: number[] = []
    const undo: number[] = []
    for (let round = 0; round < 3; round++) {
      let t = performance.now()
      await h['collection:bulkPlan']({ setIDs, action })
      plan.push(performance.now() - t)
      t = performance.now()
      const r = await h['collection:bulkEdit']({ setIDs, action })
      edit.push(performance.now() - t)
      if (r.change !== 5000) throw new Error(`changed ${String(r.change)} sets, not 5,000`)
      t = performance.now()
      await h['journal:undo']({})
      undo.push(performance.now() - t)
    }
    await app.close()
    const ms = (xs: number[]): string => `${median(xs).toFixed(0)} ms`
    console.log(`machine: ${machine()}`)
    console.log(`5,000 sets owned: plan ${ms(plan)}, edit ${ms(edit)}, undo ${ms(undo)}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()
