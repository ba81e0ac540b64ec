import Database from 'better-sqlite3'
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { savedQuery } from '../../src/shared/ipc/channels/views'
import type { SavedQuery } from '../../src/shared/ipc/channels/views'
import { createViewsHandlers } from '../../src/main/views/index'
import type { ViewsHandlers } from '../../src/main/views/views-handlers'
import { exchangeHarness } from '../exchange/store-fixtures'
import type { ExchangeHarness } from '../exchange/store-fixtures'

const open: ExchangeHarness[] = []
afterEach(() => {
  for (const t of open.splice(0)) t.close()
})

async function harness(): Promise<{ t: ExchangeHarness; views: ViewsHandlers }> {
  const t = await exchangeHarness()
  open.push(t)
  return { t, views: createViewsHandlers({ store: t.h.store, profileId: () => t.h.profileId }) }
}

const q = (v: Record<string, unknown>): SavedQuery => savedQuery.parse(v)
const shown = (views: ViewsHandlers): [string, SavedQuery | null, number | null][] =>
  views['views:list']({}).map((v) => [v.name, v.query, v.count])

const UCS = q({ text: 'falcon', scope: { kind: 'owned' }, sort: 'year', desc: true })
const WANTED = q({ yearFrom: 2015, flags: [2], scope: { kind: 'wanted' } })

async function withViews(t: ExchangeHarness, views: ViewsHandlers): Promise<void> {
  await t.h.handlers['collection:updateSet']({ setID: t.id('10179-1'), patch: { qtyOwned: 1 } })
  await t.h.handlers['collection:updateSet']({ setID: t.id('75192-1'), patch: { qtyOwned: 2 } })
  await t.h.handlers['collection:updateSet']({
    setID: t.id('21309-1'),
    patch: { wanted: true, flags: { '2': true } }
  })
  views['views:save']({ name: 'Falcons I own', query: UCS })
  views['views:save']({ name: 'Wanted, boxed', query: WANTED })
}

/** The full Studbook CSV export of `t`'s collection, views included. */
const fullExport = async (t: ExchangeHarness): Promise<string> =>
  (await t.x['exchange:export']({ format: 'studbook', bom: false, saveWithDialog: false })).content

/** A profile holding withViews' collection and views, and its full export. */
async function exportedWithViews(): Promise<string> {
  const a = await harness()
  await withViews(a.t, a.views)
  return fullExport(a.t)
}

const backupBytes = (path: string | null): Buffer[] => [readFileSync(path ?? '')]

describe('saved views travel with the collection', () => {
  it('a backup restored brings the views back, each with its query, order and count', async () => {
    const { t, views } = await harness()
    await withViews(t, views)
    const before = shown(views)
    expect(before.map((v) => v[2])).toEqual([2, 1])
    const backup = await t.x['exchange:backup']({ saveWithDialog: false })
    expect(backup.counts.views).toBe(2)

    // One is deleted, one changed; a view made since the backup is the user's and stays.
    const [falcons, wanted] = views['views:list']({})
    views['views:delete']({ id: falcons?.id ?? 0 })
    views['views:rename']({ id: wanted?.id ?? 0, name: 'Renamed' })
    views['views:save']({ name: 'Newer', query: q({ theme: 'Theme' }) })

    const preview = await t.x['exchange:previewRestore']({
      data: backupBytes(backup.path),
      name: 'b.studbook'
    })
    expect(preview?.holds.views).toBe(2)
    expect(preview?.current.views).toBe(2)
    // Nothing of the collection differs; two views come back.
    expect(preview?.changes).toBe(2)
    const applied = await t.x['exchange:applyRestore']({ restoreId: preview?.restoreId ?? '' })
    expect(applied.applied).toBe(2)
    expect(shown(views)).toEqual([
      ['Renamed', WANTED, 1],
      ['Newer', q({ theme: 'Theme' }), 10],
      before[0],
      before[1]
    ])
  })

  it('a view of the same name takes the backup’s query', async () => {
    const { t, views } = await harness()
    await withViews(t, views)
    const backup = await t.x['exchange:backup']({ saveWithDialog: false })
    const [falcons] = views['views:list']({})
    views['views:delete']({ id: falcons?.id ?? 0 })
    views['views:save']({ name: 'falcons i own', query: q({}) })
    const preview = await t.x['exchange:previewRestore']({ data: backupBytes(backup.path) })
    await t.x['exchange:applyRestore']({ restoreId: preview?.restoreId ?? '' })
    expect(shown(views).map((v) => [v[0], v[1]])).toEqual([
      ['Wanted, boxed', WANTED],
      ['falcons i own', UCS]
    ])
  })

  it('a backup from before saved views still restores, and the views stay as they are', async () => {
    const { t, views } = await harness()
    await withViews(t, views)
    const mine = shown(views)
    // A file Studbook wrote at schema 80, before saved views, made to be this profile's backup.
    const path = join(t.h.dir, 'old.studbook')
    copyFileSync(join(import.meta.dirname, '../fixtures/db/schema-v80.db'), path)
    const db = new Database(path)
    db.prepare("UPDATE profiles SET kind = 'custom', base_url = 'http://127.0.0.1:1'").run()
    db.prepare('UPDATE set_state SET set_id = ?').run(t.id('308-1'))
    db.prepare('UPDATE copies SET set_id = ?').run(t.id('308-1'))
    db.close()

    const preview = await t.x['exchange:previewRestore']({ data: backupBytes(path) })
    expect(preview?.holds).toMatchObject({ setsOwned: 1, unitsOwned: 2, views: 0 })
    await t.x['exchange:applyRestore']({ restoreId: preview?.restoreId ?? '' })
    const state = t.h.store.read.prepare('SELECT qty_owned FROM set_state WHERE set_id = ?')
    expect(state.get(t.id('308-1'))).toEqual({ qty_owned: 2 })
    expect(state.get(t.id('75192-1'))).toEqual({ qty_owned: 0 })
    // The backup says nothing of views: they stay, counting the restored collection (whose one
    // set is no falcon, and nothing is wanted any more).
    expect(shown(views).map((v) => [v[0], v[1]])).toEqual(mine.map((v) => [v[0], v[1]]))
    expect(mine.map((v) => v[2])).toEqual([2, 1])
    expect(shown(views).map((v) => v[2])).toEqual([0, 0])
  })

  it('the full export carries the views; importing it elsewhere brings them back', async () => {
    const file = await exportedWithViews()
    expect(file).toContain('"View"')

    const b = await harness()
    b.views['views:save']({ name: 'Wanted, boxed', query: q({}) })
    const preview = await b.t.x['exchange:previewImport']({ format: 'studbook', content: file })
    expect(preview.problems).toEqual([])
    expect(preview.notices.join(' ')).toMatch(
      /1 saved view will be added; 1 saved view of the same name/
    )
    await b.t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(shown(b.views)).toEqual([
      ['Wanted, boxed', WANTED, 1],
      ['Falcons I own', UCS, 2]
    ])

    // Exported again, the file is the same.
    const again = await fullExport(b.t)
    const viewRows = (csv: string): string[] =>
      csv.split('\n').filter((l) => l.startsWith('"View"'))
    expect(viewRows(again).sort()).toEqual(viewRows(file).sort())
  })

  it('a view row the app cannot use is a problem on its line, and the rest imports', async () => {
    const file = await exportedWithViews()
    const broken = file
      .replace('\\"sort\\":\\"year\\"', '\\"sort\\":\\"colour\\"')
      .replace('""sort"":""year""', '""sort"":""colour""')
    expect(broken).not.toEqual(file)
    const b = await harness()
    const preview = await b.t.x['exchange:previewImport']({ format: 'studbook', content: broken })
    expect(preview.problems).toHaveLength(1)
    expect(preview.problems[0]?.reason).toMatch(/Falcons I own/)
    await b.t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(shown(b.views).map((v) => v[0])).toEqual(['Wanted, boxed'])
  })
})
