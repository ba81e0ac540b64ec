import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headVersion } from '../../src/main/store/migrate'
import { MIGRATIONS } from '../../src/main/store/migrations/index'
import { makeHostileBackups } from '../fixtures/hostile/backups/make-hostile-backups'
import type { HostileBackup } from '../fixtures/hostile/backups/make-hostile-backups'
import { exchangeHarness } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { copy } from './fixtures'
import { SEVERAL_BEATS, withHeartbeat } from './heartbeat'

let t: ExchangeHarness
let files: HostileBackup[]
let temp: string
const savedTmp = process.env.TMPDIR

/** Temporary folders a restore left behind: there must never be any. */
const leftovers = (): string[] => readdirSync(temp).filter((n) => n.startsWith('studbook-restore-'))

beforeAll(async () => {
  // The restore's temporary folders go here, where nothing else makes them.
  temp = mkdtempSync(join(tmpdir(), 'studbook-hostile-tmp-'))
  process.env.TMPDIR = temp
  t = await exchangeHarness()
  const u = t.h.handlers
  await u['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 2, rating: 5 } })
  await u['collection:saveCopy']({ setID: t.id('10179-1'), copy: copy({ notes: 'first' }) })
  await u['collection:updateSet']({ setID: t.id('21309-1'), patch: { wanted: true } })
  const base = await t.x['exchange:backup']({ saveWithDialog: false })
  const dir = join(t.h.dir, 'hostile')
  mkdirSync(dir)
  files = makeHostileBackups(base.path ?? '', dir, t.h.profileId, headVersion(MIGRATIONS))
})

afterAll(() => {
  t.close()
  if (savedTmp === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = savedTmp
  rmSync(temp, { recursive: true, force: true })
})

/** Previews a hostile backup while the main thread is asked a real call again and again. */
async function previewWithHeartbeat(file: HostileBackup) {
  const data = [readFileSync(file.path)]
  return withHeartbeat(t.h.handlers, () =>
    t.x['exchange:previewRestore']({ data, name: file.name })
  )
}

describe('a backup is read as untrusted data, off the main thread', () => {
  const names = [
    'saved-views-endless-view.studbook',
    'set-state-endless-view.studbook',
    'trigger-on-copies.studbook',
    'virtual-flag-labels.studbook',
    'generated-column.studbook',
    'missing-column.studbook',
    'newer-version.studbook',
    'truncated.studbook',
    'damaged-pages.studbook',
    'values-beyond-rules.studbook',
    '100k-rows.studbook'
  ]
  it.each(names)(
    '%s ends in a typed error or a preview, calls answered throughout, no temp file left',
    async (name) => {
      const file = files.find((f) => f.name === name)
      if (!file) throw new Error(`no hostile file ${name}`)
      const before = t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()
      const { outcome, beats, failed } = await previewWithHeartbeat(file)
      // Real calls were answered while the backup was read: the main thread was never held for it.
      expect(failed).toEqual([])
      expect(beats).toBeGreaterThanOrEqual(SEVERAL_BEATS)
      if ('refused' in file.expect) {
        expect('error' in outcome ? outcome.error : outcome.value).toMatchObject({
          code: 'invalid_input',
          message: expect.stringMatching(file.expect.refused) as unknown
        })
      } else {
        expect(outcome).toHaveProperty('value')
      }
      expect(leftovers()).toEqual([])
      expect(t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual(before)
    },
    120_000
  )

  it('values beyond the edit path’s rules are named in the preview; the counts hold only valid ones', async () => {
    const file = files.find((f) => f.name === 'values-beyond-rules.studbook')
    const { outcome } = await previewWithHeartbeat(file as HostileBackup)
    if (!('value' in outcome) || outcome.value === null) throw new Error('no preview')
    const p = outcome.value
    const whats = p.refused.shown.map((r) => r.what)
    // qty −5, rating 99, qty 1.5, an 8,000,000-character note, owned 7, qty 'abc', a long label.
    expect(p.refused.count).toBe(7)
    expect(whats).toEqual(
      expect.arrayContaining(['Set 5001', 'Set 5002', 'Set 5003', 'Set 5004', 'Flag 3'])
    )
    expect(p.refused.shown.find((r) => r.what === 'Set 5004')?.why).toMatch(/notes/)
    // Only whole units: 5000 owns 3 in the backup, 5007 owns 2.
    expect(p.holds.unitsOwned).toBe(5)
    expect(Number.isInteger(p.holds.unitsOwned)).toBe(true)
  })

  it('a 100,000-row backup of sets the catalogue lacks says which, and sends nothing for them', async () => {
    const file = files.find((f) => f.name === '100k-rows.studbook')
    const { outcome } = await previewWithHeartbeat(file as HostileBackup)
    if (!('value' in outcome) || outcome.value === null) throw new Error('no preview')
    expect(outcome.value.unknownSets.count).toBe(100_000)
    expect(outcome.value.unknownSets.shown[0]).toBe(1_000_001)
    expect(outcome.value.serviceWrites).toBe(0)
  })

  it.each(['values-beyond-rules.studbook', '100k-rows.studbook'])(
    'restoring %s: calls answered throughout, the outbox grows by what the preview said, no temp file',
    async (name) => {
      const file = files.find((f) => f.name === name) as HostileBackup
      // As if pushed: a restore's write joins a pending one of the same set rather than adding a
      // row, so only an empty outbox counts its writes one by one.
      t.h.store.write.prepare('DELETE FROM outbox').run()
      const { outcome } = await previewWithHeartbeat(file)
      if (!('value' in outcome) || outcome.value === null) throw new Error('no preview')
      const { restoreId, serviceWrites } = outcome.value
      const outbox = (): number =>
        (t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n
      const before = outbox()
      const restored = await withHeartbeat(t.h.handlers, () =>
        t.x['exchange:applyRestore']({ restoreId })
      )
      expect(restored.outcome).toHaveProperty('value')
      expect(restored.failed).toEqual([])
      expect(restored.beats).toBeGreaterThanOrEqual(SEVERAL_BEATS)
      expect(outbox() - before).toBe(serviceWrites)
      expect(leftovers()).toEqual([])
    },
    120_000
  )
})
