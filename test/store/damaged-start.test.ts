import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import type { AppContext } from '../../src/main/app/compose'
import type { StartState } from '../../src/shared/model/app'
import { appRunsEachTest, call, syncIdle, value } from './app-runs'
import { damageMiddlePage } from './crash-copies'

/**
 * Issue #13 item 5: a database damaged in the middle is found at start and reported through the
 * contract, with two ways out that both keep the damaged file: restore the automatic backup, or
 * start fresh.
 */
const { folder, start, stop } = appRunsEachTest(400)

async function syncAll(app: AppContext): Promise<void> {
  await value(app, 'sync:start', { full: true })
  await syncIdle(app)
}

/** A data folder whose collection holds one owned set, with today's automatic backup of it. */
async function folderWithBackup(): Promise<{ dir: string; setID: number }> {
  const dir = folder('studbook-damaged-')
  const first = await start(dir)
  await syncAll(first)
  const { rows } = await value<{ rows: { setID: number }[] }>(first, 'catalog:search', {
    text: '',
    limit: 5
  })
  const setID = rows[3]?.setID ?? 0
  await value(first, 'collection:updateSet', { setID, patch: { wanted: true, notes: 'kept' } })
  await stop(first)
  // The next start takes the first automatic backup: the file the first start made is not copied.
  await stop(await start(dir))
  expect(damageMiddlePage(join(dir, 'studbook.db'))).toBeGreaterThan(20)
  return { dir, setID }
}

describe('a database damaged in the middle of the file', () => {
  it('is found at start: the contract reports the recovery state, reads say why', async () => {
    const { dir } = await folderWithBackup()
    const app = await start(dir)
    const state = await value<StartState>(app, 'app:getStartState', {})
    expect(state.state).toBe('damaged')
    if (state.state !== 'damaged') return
    expect(state.problem).toMatch(/damaged/)
    expect(
      state.backups.filter((b) => b.kind === 'auto').map((b) => b.takenAt.slice(0, 4))
    ).toEqual([String(new Date().getUTCFullYear())])
    const read = await call(app, 'catalog:search', { text: '', limit: 5 })
    expect(read.ok ? 'ok' : read.error.code).toBe('db_damaged')
  })

  it('restoring the automatic backup brings the collection back and keeps the damaged file', async () => {
    const { dir, setID } = await folderWithBackup()
    const app = await start(dir)
    const state = await value<StartState>(app, 'app:getStartState', {})
    const newest = state.state === 'damaged' ? state.backups[0]?.name : undefined
    expect(newest).toMatch(/^studbook-auto-/)
    const after = await value<StartState>(app, 'app:recover', { choice: 'restore', backup: newest })
    expect(after.state).toBe('ready')
    expect(after.state === 'ready' ? after.notice : null).toMatch(/damaged file was kept/)
    const kept = readdirSync(dir).filter((n) => n.startsWith('studbook.db.damaged-'))
    expect(kept.length).toBeGreaterThan(0)
    const check = new Database(join(dir, kept.find((n) => !/-(wal|shm)$/.test(n)) ?? ''))
    expect(check.pragma('quick_check', { simple: true })).not.toBe('ok')
    check.close()
    // The edit the service had not seen yet waits to be sent again...
    expect(await value(app, 'sync:getStatus', {})).toMatchObject({ pending: 2 })
    // ...the catalogue comes back with a sync, and the collection came back with the backup.
    await syncAll(app)
    const detail = await value<{ collection: { wanted: boolean; notes: string } }>(
      app,
      'catalog:getSet',
      { setID }
    )
    expect(detail.collection).toMatchObject({ wanted: true, notes: 'kept' })
    await stop(app)
    // And the next start is an ordinary one.
    const again = await start(dir)
    expect(await value(again, 'app:getStartState', {})).toEqual({ state: 'ready', notice: null })
  })

  it('starting fresh keeps the damaged file and opens an empty collection', async () => {
    const { dir } = await folderWithBackup()
    const app = await start(dir)
    const after = await value<StartState>(app, 'app:recover', { choice: 'fresh' })
    expect(after.state).toBe('ready')
    expect(readdirSync(dir).some((n) => /^studbook\.db\.damaged-[\dT-]+$/.test(n))).toBe(true)
    // A new, intact file: nothing from the damaged one, the demo catalogue to sync again.
    const status = await value<{ pending: number; catalogueSets: number }>(
      app,
      'sync:getStatus',
      {}
    )
    expect(status).toMatchObject({ pending: 0, catalogueSets: 0 })
    expect(existsSync(join(dir, 'studbook.db'))).toBe(true)
  })

  it('a name that is not a listed backup is refused and changes nothing', async () => {
    const { dir } = await folderWithBackup()
    const app = await start(dir)
    const r = await call(app, 'app:recover', {
      choice: 'restore',
      backup: 'studbook-backup-1999-01-01T00-00-00.studbook'
    })
    expect(r.ok ? 'ok' : r.error.code).toBe('not_found')
    expect(readdirSync(dir).some((n) => n.includes('damaged'))).toBe(false)
    expect((await value<StartState>(app, 'app:getStartState', {})).state).toBe('damaged')
  })
})
