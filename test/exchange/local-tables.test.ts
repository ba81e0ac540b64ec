import { describe, expect, it } from 'vitest'
import { localTable } from '../../src/main/store/local-table'
import { LOCAL_TABLES } from '../../src/main/store/local-tables/index'
import { watchNotices } from '../../src/main/store/local-tables/watch-notices'
import { exchangeEachTest } from './each-test'
import { setState } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { SEVERAL_BEATS, withHeartbeat } from './heartbeat'
import { backupData, fullExport, restoreBackup } from '../ledger/local-table-travel'

/**
 * Issue #30: what the service cannot hold "stays local, travels in backups and the full export".
 * Local tables are declared once (store/local-tables) and carried by the backup, the restore and
 * the full export; the retirement watch's notices are the first.
 */
const exchange = exchangeEachTest()
let t: ExchangeHarness

const notices = (): unknown[] =>
  t.h.store.read
    .prepare('SELECT set_id, exit_date, noticed_at FROM watch_notices ORDER BY set_id')
    .all()

function notice(setID: number, exit: string): void {
  t.h.store.write
    .prepare(
      `INSERT INTO watch_notices (profile_id, set_id, exit_date, noticed_at)
       VALUES (?, ?, ?, '2026-11-20T09:00:00.000Z')`
    )
    .run(t.h.profileId, setID, exit)
}

/** A harness whose profile holds two watch notices (10179-1 and 21309-1). */
async function twoNotices(): Promise<void> {
  t = await exchange()
  notice(t.id('10179-1'), '2026-12-31')
  notice(t.id('21309-1'), '2027-01-15')
}

describe('the local tables registry', () => {
  it('the registry holds the watch notices, with a budget under the reader’s own', () => {
    expect(LOCAL_TABLES.map((l) => l.name)).toContain('watch_notices')
    expect(watchNotices.maxRows).toBeLessThanOrEqual(250_000)
  })

  it('every registered table is in the schema with profile_id and the columns it names', async () => {
    const h = await exchange()
    for (const table of LOCAL_TABLES) {
      const cols = (
        h.h.store.read.prepare('SELECT name FROM pragma_table_xinfo(?)').all(table.name) as {
          name: string
        }[]
      ).map((c) => c.name)
      expect({
        table: table.name,
        missing: ['profile_id', ...table.columns].filter((c) => !cols.includes(c))
      }).toEqual({ table: table.name, missing: [] })
    }
  })

  it.each([
    ['a name that is not an identifier', { name: 'x"; DROP TABLE sets; --' }],
    ['profile_id among the columns', { columns: ['profile_id', 'a'] }],
    ['a column twice', { columns: ['a', 'a'] }],
    ['a budget over the reader’s', { maxRows: 250_001 }]
  ])('a declaration with %s fails when it loads', (_n, patch) => {
    expect(() => localTable({ ...watchNotices, ...patch })).toThrow(/local table/)
  })
})

describe('local tables travel in backups', () => {
  it('a backup then a restore carries the watch notices, merged with those given since', async () => {
    await twoNotices()
    const data = await backupData(t)
    const kept = notices()
    t.h.store.write.prepare('DELETE FROM watch_notices').run()
    // A notice given after the backup stays given: a restore must not make it come again.
    notice(t.id('75192-1'), '2027-02-01')
    await restoreBackup(t, data)
    expect(notices()).toEqual(
      [
        ...kept,
        { set_id: t.id('75192-1'), exit_date: '2027-02-01', noticed_at: '2026-11-20T09:00:00.000Z' }
      ].sort((a, b) => (a as { set_id: number }).set_id - (b as { set_id: number }).set_id)
    )
  })

  it('a backup without the table (an older one) still restores, and leaves the notices alone', async () => {
    t = await exchange()
    await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { rating: 4 } })
    const data = await backupData(t, (db) => db.exec('DROP TABLE watch_notices'))
    notice(t.id('21309-1'), '2027-01-15')
    await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { rating: 1 } })
    await restoreBackup(t, data)
    expect(setState(t.h.store, t.id('10179-1'))).toMatchObject({ rating: 4 })
    expect(notices()).toHaveLength(1)
  })

  it.each([
    ['a date that is not one', `UPDATE watch_notices SET exit_date = 'soon'`],
    ['a number where text goes', `UPDATE watch_notices SET noticed_at = 12`],
    ['a set id that is not one', `UPDATE watch_notices SET set_id = -4`]
  ])(
    'a damaged row (%s) refuses the restore with a typed error; nothing is written',
    async (_n, bad) => {
      t = await exchange()
      notice(t.id('10179-1'), '2026-12-31')
      const data = await backupData(t, (db) => db.exec(bad))
      t.h.store.write.prepare('DELETE FROM watch_notices').run()
      await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { rating: 2 } })
      const outbox = t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()
      await expect(
        t.x['exchange:previewRestore']({ data, name: 'b.studbook' })
      ).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/watch_notices/) as unknown
      })
      expect(notices()).toEqual([])
      expect(setState(t.h.store, t.id('10179-1'))).toMatchObject({ rating: 2 })
      expect(t.h.store.read.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual(outbox)
    }
  )

  it('a hostile row count is refused before its rows are read, calls answered meanwhile', async () => {
    t = await exchange()
    const data = await backupData(t, (db) => {
      const n = watchNotices.maxRows + 1
      db.prepare(
        `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
         INSERT INTO watch_notices (profile_id, set_id, exit_date, noticed_at)
         SELECT (SELECT id FROM profiles LIMIT 1), i, '2027-01-01', '2026-11-20T09:00:00.000Z' FROM k`
      ).run(n)
    })
    const { outcome, beats, failed } = await withHeartbeat(t.h.handlers, () =>
      t.x['exchange:previewRestore']({ data, name: 'b.studbook' })
    )
    expect(failed).toEqual([])
    expect(beats).toBeGreaterThanOrEqual(SEVERAL_BEATS)
    expect('error' in outcome ? outcome.error : null).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/watch_notices/) as unknown
    })
    expect(notices()).toEqual([])
  })
})

describe('local tables travel in the full export', () => {
  it('a full export then its import carries the watch notices, and says so', async () => {
    await twoNotices()
    const content = await fullExport(t)
    const kept = notices()
    expect(kept).toHaveLength(2)
    t.h.store.write.prepare('DELETE FROM watch_notices').run()
    const preview = await t.x['exchange:previewImport']({ format: 'studbook', content })
    expect(preview.problems).toEqual([])
    expect(preview.notices.join(' ')).toMatch(/2 rows of watch_notices/)
    expect(notices()).toEqual([])
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(notices()).toEqual(kept)
  })

  it('a damaged local row refuses the file with a typed error; nothing is written', async () => {
    t = await exchange()
    notice(t.id('10179-1'), '2026-12-31')
    const content = (await fullExport(t)).replace('2026-12-31', 'tomorrow')
    t.h.store.write.prepare('DELETE FROM watch_notices').run()
    await expect(
      t.x['exchange:previewImport']({ format: 'studbook', content })
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/watch_notices/) as unknown
    })
    expect(notices()).toEqual([])
  })

  it('more local rows than the table allows refuse the file', async () => {
    t = await exchange()
    notice(t.id('10179-1'), '2026-12-31')
    const content = await fullExport(t)
    const line = content.split('\n').find((l) => l.includes('watch_notices')) ?? ''
    const many = Array.from({ length: watchNotices.maxRows + 1 }, (_, i) =>
      line.replace(`"set_id"":${t.id('10179-1')}`, `"set_id"":${i + 1}`)
    )
    await expect(
      t.x['exchange:previewImport']({
        format: 'studbook',
        content: `${content}${many.join('\n')}\n`
      })
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/rows of watch_notices/) as unknown
    })
    expect(notices()).toHaveLength(1)
  })
})
