import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openStore } from '../src/main/store/connection'
import { takeDailyBackup } from '../src/main/exchange/auto-backup'
import { median, syncedDemoApp } from './demo-app'
import { loadAverages, machine, writeStoreSection } from './doc-section'
import { withLoopTicks } from './loop-ticks'

/**
 * `npm run bench:start-check`: what the start-up check (`PRAGMA quick_check`) and the daily
 * automatic backup cost on the demo catalogue (20,000 sets unless STUDBOOK_DEMO_SETS says), and
 * the main thread's longest gap while the data file is opened (a 1 ms timer, loop-ticks.ts): the
 * check of a file past 4 MB runs on its own thread (src/main/store/start-check.ts; before, 1.4-2.0
 * s of main thread at 200,000 sets, issue #25). Writes "Opening the data file at start" in
 * docs/benchmarks.md (BENCH_START_NO_DOC=1 only prints).
 */

const fixed = (xs: readonly number[]): string => xs.map((x) => x.toFixed(0)).join(', ')

async function main(): Promise<void> {
  const { dir, app } = await syncedDemoApp('start-check')
  try {
    const sets = (await app.handlers['sync:getStatus']({})).catalogueSets
    await app.close()
    const path = join(dir, 'studbook.db')
    const mb = statSync(path).size / 1e6
    const startedAt = machine()
    const check: number[] = []
    for (let i = 0; i < 5; i++) {
      const db = new Database(path)
      const t = performance.now()
      db.pragma('quick_check(5)')
      check.push(performance.now() - t)
      db.close()
    }
    const open: number[] = []
    const gaps: number[] = []
    const openNoCheck: number[] = []
    for (let i = 0; i < 5; i++) {
      let t = performance.now()
      const { value: store, worst } = await withLoopTicks(() => openStore(path))
      open.push(performance.now() - t)
      gaps.push(worst)
      store.close()
      t = performance.now()
      ;(await openStore(path, { check: false })).close()
      openNoCheck.push(performance.now() - t)
    }
    const store = await openStore(path)
    const t = performance.now()
    const name = await takeDailyBackup(store, new Date(Date.now() + 2 * 86_400_000))
    const backupMs = performance.now() - t
    const backupMb = name ? statSync(join(dir, 'backups', name)).size / 1e6 : 0
    store.close()
    const lines = [
      `\`npm run bench:start-check\`, ${sets.toLocaleString('en')} sets, database ${mb.toFixed(1)} MB (warm OS cache), ${startedAt}; load after: ${loadAverages()}.`,
      '',
      `- \`PRAGMA quick_check\` alone: median ${median(check).toFixed(0)} ms of 5 (${fixed(check)}).`,
      `- \`openStore\` with the check: median ${median(open).toFixed(0)} ms (${fixed(open)}); without: ${median(openNoCheck).toFixed(0)} ms.`,
      `- Longest main-thread gap while opened with the check: ${gaps.map((g) => g.toFixed(1)).join(', ')} ms.`,
      `- Daily automatic backup: ${backupMs.toFixed(0)} ms, ${backupMb.toFixed(2)} MB.`
    ]
    for (const l of lines) console.log(l)
    if (process.env['BENCH_START_NO_DOC'] !== '1')
      writeStoreSection('Opening the data file at start', lines.join('\n'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()
