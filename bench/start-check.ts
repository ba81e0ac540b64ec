import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openStore } from '../src/main/store/connection'
import { takeDailyBackup } from '../src/main/exchange/auto-backup'
import { median, syncedDemoApp } from './demo-app'
import { machine } from './doc-section'

/**
 * `npx tsx bench/start-check.ts`: what the start-up check (`PRAGMA quick_check`) and the daily
 * automatic backup cost on the demo catalogue (20,000 sets unless STUDBOOK_DEMO_SETS says).
 */

async function main(): Promise<void> {
  const { dir, app } = await syncedDemoApp('start-check')
  try {
    const sets = (await app.handlers['sync:getStatus']({})).catalogueSets
    await app.close()
    const path = join(dir, 'studbook.db')
    const mb = statSync(path).size / 1e6
    const check: number[] = []
    for (let i = 0; i < 5; i++) {
      const db = new Database(path)
      const t = performance.now()
      db.pragma('quick_check(5)')
      check.push(performance.now() - t)
      db.close()
    }
    const open: number[] = []
    const openNoCheck: number[] = []
    for (let i = 0; i < 5; i++) {
      let t = performance.now()
      ;(await openStore(path)).close()
      open.push(performance.now() - t)
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
    console.log(`machine: ${machine()}`)
    console.log(`${sets} sets, database ${mb.toFixed(1)} MB (warm OS cache)`)
    console.log(
      `quick_check: median ${median(check).toFixed(0)} ms of 5 (${check.map((x) => x.toFixed(0)).join(', ')})`
    )
    console.log(
      `openStore with check ${median(open).toFixed(0)} ms, without ${median(openNoCheck).toFixed(0)} ms`
    )
    console.log(`daily automatic backup: ${backupMs.toFixed(0)} ms, ${backupMb.toFixed(2)} MB`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()
