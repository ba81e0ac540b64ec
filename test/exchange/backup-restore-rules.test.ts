import Database from 'better-sqlite3'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBackupHandlers } from '../../src/main/exchange/backup-handlers'
import { writeError } from '../../src/main/exchange/backup-errors'
import { headVersion } from '../../src/main/store/migrate'
import { MIGRATIONS } from '../../src/main/store/migrations/index'
import { makeHostileBackups } from '../fixtures/hostile/backups/make-hostile-backups'
import { copiesOf, exchangeHarness, setState } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { copy } from './fixtures'

let t: ExchangeHarness
let temp: string
const savedTmp = process.env.TMPDIR

beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'studbook-rules-tmp-'))
  process.env.TMPDIR = temp
})

afterEach(() => {
  t.close()
  if (savedTmp === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = savedTmp
  rmSync(temp, { recursive: true, force: true })
})

const leftovers = (): string[] => readdirSync(temp).filter((n) => n.startsWith('studbook-restore-'))
const outboxRows = (): number =>
  (t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n
const bytesOf = (path: string): Buffer[] => [readFileSync(path)]

async function start(): Promise<string> {
  t = await exchangeHarness()
  const u = t.h.handlers
  await u['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 2, rating: 5 } })
  await u['collection:saveCopy']({ setID: t.id('10179-1'), copy: copy({ notes: 'first' }) })
  const r = await t.x['exchange:backup']({ saveWithDialog: false })
  return r.path ?? ''
}

function hostile(base: string, name: string): string {
  const dir = join(t.h.dir, 'hostile')
  mkdirSync(dir, { recursive: true })
  const file = makeHostileBackups(base, dir, t.h.profileId, headVersion(MIGRATIONS)).find(
    (f) => f.name === name
  )
  if (!file) throw new Error(`no ${name}`)
  return file.path
}

/** A started profile's backup, and the hostile one `name` made from it (as the screen sends it). */
async function startHostile(name: string): Promise<{ base: string; data: Buffer[] }> {
  const base = await start()
  return { base, data: bytesOf(hostile(base, name)) }
}

/** Previews the hostile backup `name`; the preview, and the outbox's row count before it. */
async function previewHostile(name: string) {
  const { data } = await startHostile(name)
  const before = outboxRows()
  return { p: await t.x['exchange:previewRestore']({ data }), before }
}

/** A preview of `data` left running: it ends as 'done', or with its error. */
const running = (data: Buffer[]): Promise<unknown> =>
  Promise.resolve(t.x['exchange:previewRestore']({ data })).then(
    () => 'done',
    (e: unknown) => e
  )

describe('a restore follows the edit path’s rules', () => {
  it('values that fail are never written; the rest is, and the outbox gets what the preview said', async () => {
    const { p, before } = await previewHostile('values-beyond-rules.studbook')
    expect(p?.refused.count).toBe(7)
    await t.x['exchange:applyRestore']({ restoreId: p?.restoreId ?? '' })
    // The one valid new row is restored …
    expect(setState(t.h.store, 5007)).toMatchObject({ qty_owned: 2, notes: 'fine' })
    // … and none of the others: those sets are as they were (absent), the flag keeps no name.
    for (const id of [5001, 5002, 5003, 5004, 5005, 5006]) {
      expect(setState(t.h.store, id)).toBeUndefined()
    }
    const labels = t.h.store.read.prepare('SELECT flag_no, label FROM flag_labels').all()
    expect(labels).toEqual([{ flag_no: 4, label: 'Kept' }])
    expect(outboxRows() - before).toBe(p?.serviceWrites)
  })

  it('sets the catalogue does not hold are left out and named; nothing is sent for them', async () => {
    const { p, before } = await previewHostile('100k-rows.studbook')
    expect(p?.unknownSets.count).toBe(100_000)
    expect(p?.serviceWrites).toBe(0)
    await t.x['exchange:applyRestore']({ restoreId: p?.restoreId ?? '' })
    const n = t.h.store.read.prepare('SELECT count(*) AS n FROM set_state').get() as { n: number }
    expect(n.n).toBe(1)
    expect(outboxRows()).toBe(before)
  })

  it('a copy added since the backup is deleted by the restore', async () => {
    const base = await start()
    await t.h.handlers['collection:saveCopy']({
      setID: t.id('75192-1'),
      copy: copy({ notes: 'since' })
    })
    expect(copiesOf(t.h.store, t.id('75192-1'))).toHaveLength(1)
    const p = await t.x['exchange:previewRestore']({ data: bytesOf(base) })
    await t.x['exchange:applyRestore']({ restoreId: p?.restoreId ?? '' })
    expect(copiesOf(t.h.store, t.id('75192-1'))).toEqual([])
    expect(copiesOf(t.h.store, t.id('10179-1'))).toHaveLength(1)
  })

  it('a backup of this version restores; one of the next version is refused', async () => {
    const base = await start()
    const db = new Database(base)
    db.pragma(`user_version = ${headVersion(MIGRATIONS) + 1}`)
    db.close()
    await expect(t.x['exchange:previewRestore']({ data: bytesOf(base) })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/newer Studbook/) as unknown
    })
    const again = new Database(base)
    again.pragma(`user_version = ${headVersion(MIGRATIONS)}`)
    again.close()
    expect(await t.x['exchange:previewRestore']({ data: bytesOf(base) })).not.toBeNull()
  })
})

describe('a preview can be stopped, and always cleans up', () => {
  it('a second preview cancels the first: its worker ends, its temp folder goes', async () => {
    const { base, data } = await startHostile('100k-rows.studbook')
    // Called first (not deferred): the second call below finds it running.
    const first = running(data)
    const second = await t.x['exchange:previewRestore']({ data: bytesOf(base) })
    expect(await first).toMatchObject({ code: 'cancelled' })
    expect(second).not.toBeNull()
    expect(leftovers()).toEqual([])
  })

  it('"Stop reading" ends the running preview: cancelled, no temp folder; then nothing runs', async () => {
    const { data } = await startHostile('100k-rows.studbook')
    const preview = running(data)
    // Let the preview start its worker before stopping it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await t.x['exchange:cancelRestore']({})).toEqual({ cancelled: true })
    expect(await preview).toMatchObject({ code: 'cancelled' })
    expect(leftovers()).toEqual([])
    expect(await t.x['exchange:cancelRestore']({})).toEqual({ cancelled: false })
  })

  it('a preview over its time budget is stopped with a typed error', async () => {
    const base = await start()
    const x = createBackupHandlers({ ...t.h.deps, files: null }, { job: { timeoutMs: 1 } })
    await expect(x['exchange:previewRestore']({ data: bytesOf(base) })).rejects.toMatchObject({
      code: 'timeout'
    })
    expect(leftovers()).toEqual([])
  })

  it('a reader that dies (out of memory) is a typed error, and leaves no temp folder', async () => {
    const base = await start()
    const x = createBackupHandlers(
      { ...t.h.deps, files: null },
      { job: { resourceLimits: { maxOldGenerationSizeMb: 4 } } }
    )
    await expect(x['exchange:previewRestore']({ data: bytesOf(base) })).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringMatching(/backup could not be read/) as unknown
    })
    expect(leftovers()).toEqual([])
  })
})

describe('a backup that cannot be written says why', () => {
  it('a full disk is named as such', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC'
    })
    expect(writeError(full)).toMatchObject({ code: 'disk_full', message: /disk .* is full/ })
    const sqliteFull = Object.assign(new Error('database or disk is full'), {
      code: 'SQLITE_FULL'
    })
    expect(writeError(sqliteFull)).toMatchObject({ code: 'disk_full' })
  })
})
