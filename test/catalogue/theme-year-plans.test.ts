import { describe, expect, it } from 'vitest'
import type { WriteDb } from '../../src/main/store/handles'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { setStateSql } from '../../src/main/collection/index'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { loadAsWriter, loadAtOnce, makeSet, testStoreEachTest, whenReopened } from './set-fixtures'
import { queryPlan } from '../store/query-plan'

/**
 * Issue #25: the statistics a load ends with are sampled (`analysis_limit`), and a sample of a few
 * hundred index entries all share the one profile. SQLite then took `profile_id = ?` for a few
 * hundred sets of a catalogue of thousands, and a year range for a fraction of those: a theme with
 * a year range was read through the year index, every set of those years looked up for its theme
 * (18 ms a search at 20,000 sets, 450-1,100 ms at 200,000, on the main thread). The theme's index
 * holds its years too: read through it, only the theme's sets are looked at.
 */
const testStore = testStoreEachTest()

const THEMES = 100
const YEARS = 30
const SETS = 3000

function catalogue(): ReturnType<typeof makeSet>[] {
  return Array.from({ length: SETS }, (_, i) =>
    makeSet({
      setID: i + 1,
      number: String(10_000 + i),
      theme: `Theme ${String(i % THEMES)}`,
      subtheme: `Sub ${String(i % 7)}`,
      year: String(1990 + (Math.floor(i / THEMES) % YEARS))
    })
  )
}

/** The plan of a page of one theme over most of the years, in the search's own terms. */
function themeYearsPlan(db: WriteDb, pid: number): string {
  return queryPlan(
    db,
    `SELECT s.set_id FROM sets s
     WHERE s.profile_id = ? AND s.theme = ? AND s.year BETWEEN ? AND ?
     ORDER BY s.name LIMIT 50`,
    [pid, 'Theme 3', 1991, 2015]
  )
}

describe('the statistics a load of the catalogue ends with', () => {
  it('read a theme with a year range through the theme, after the sync writer ends a load', async () => {
    const x = await testStore('load-statistics-sync')
    const db = x.store.write
    await loadAsWriter(db, x.pid, catalogue())
    expect(themeYearsPlan(db, x.pid)).toContain('USING INDEX sets_by_theme')
  })

  it('read a theme with a year range through the theme, after a load ended at once (on open)', async () => {
    const x = await testStore('load-statistics-open')
    const db = x.store.write
    loadAtOnce(db, x.pid, catalogue())
    expect(themeYearsPlan(db, x.pid)).toContain('USING INDEX sets_by_theme')
  })
})

describe('a database whose load ended in an earlier version', () => {
  it('has its sampled statistics corrected when it is opened', async () => {
    const x = await testStore('load-statistics-reopen')
    const db = x.store.write
    loadAtOnce(db, x.pid, catalogue())
    // The statistics as the load's end left them before: sampled, and nothing corrected.
    db.pragma('analysis_limit = 400')
    db.exec('ANALYZE sets')
    expect(themeYearsPlan(db, x.pid)).toContain('USING INDEX sets_by_year')
    expect(await whenReopened(x, (again) => themeYearsPlan(again, x.pid))).toContain(
      'USING INDEX sets_by_theme'
    )
  })
})

describe('a theme with a year range, sorted by year', () => {
  it('is read through the theme, then sorted, and lists its sets by year', async () => {
    const x = await testStore('theme-years-sorted')
    const db = x.store.write
    loadAtOnce(db, x.pid, catalogue())
    // The statements the search prepares, to read their plans.
    const prepared: string[] = []
    const prepare = db.prepare.bind(db)
    db.prepare = (source: string) => {
      prepared.push(source)
      return prepare(source)
    }
    const q = searchQuery.parse({
      theme: 'Theme 3',
      yearFrom: 1991,
      yearTo: 2015,
      sort: 'year',
      limit: 20
    })
    const page = searchSets(db, setStateSql, x.pid, q)
    db.prepare = prepare
    const listing = prepared.find((s) => s.includes('ORDER BY'))
    expect(listing).toBeDefined()
    // Its values do not change the plan's choice of index; nulls stand in for them.
    const values = Array.from({ length: (listing ?? '').split('?').length - 1 }, () => null)
    const plan = queryPlan(db, listing ?? '', values)
    expect(plan).toContain('USING INDEX sets_by_theme')
    const expected = catalogue()
      .filter((s) => s.theme === 'Theme 3' && Number(s.year) >= 1991 && Number(s.year) <= 2015)
      .sort((a, b) => Number(a.year) - Number(b.year) || Number(a.number) - Number(b.number))
    expect(page.total).toBe(expected.length)
    expect(page.rows.map((r) => r.setID)).toEqual(expected.slice(0, 20).map((s) => s.setID))
  })
})
