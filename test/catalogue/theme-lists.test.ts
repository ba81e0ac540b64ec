import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { all } from '../../src/main/store/handles'
import { sql } from '../../src/main/store/sql'
import {
  hasSubthemesAndYears,
  listSubthemes,
  replaceSubthemes,
  replaceYears
} from '../../src/main/catalogue/catalogue-repo'
import { openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'

/**
 * The subtheme and year lists are written as one statement over a JSON array (issue #25: row by
 * row they held the main thread 20-50 ms): every value arrives as the service sent it.
 */
let t: TestStore

beforeAll(async () => {
  t = await openTestStore('theme-lists')
})

afterAll(() => {
  t.close()
})

describe('replacing the subtheme and year lists', () => {
  it('stores every row as sent, quotes and non-ASCII text included, and replaces the old', () => {
    replaceSubthemes(t.store.write, t.pid, [
      { theme: 'Old', subtheme: 'Gone', setCount: 1, yearFrom: 1990, yearTo: 1991 }
    ])
    replaceSubthemes(t.store.write, t.pid, [
      {
        theme: 'Star "Wars"',
        subtheme: 'Episode Ⅳ – l’espoir',
        setCount: 12,
        yearFrom: 1999,
        yearTo: 2026
      },
      { theme: 'Star "Wars"', subtheme: null, setCount: 3, yearFrom: 2001, yearTo: 2002 },
      { theme: null, subtheme: 'No theme', setCount: 1, yearFrom: 2000, yearTo: 2000 }
    ])
    replaceYears(t.store.write, t.pid, [
      { theme: 'Star "Wars"', year: '1999', setCount: 7 },
      { theme: 'Star "Wars"', year: null, setCount: 1 },
      { theme: 'Ninjago', year: '2011', setCount: 2_000_000_000 }
    ])
    expect(listSubthemes(t.store.read, t.pid, 'Star "Wars"')).toEqual([
      { theme: 'Star "Wars"', subtheme: '', setCount: 3, yearFrom: 2001, yearTo: 2002 },
      {
        theme: 'Star "Wars"',
        subtheme: 'Episode Ⅳ – l’espoir',
        setCount: 12,
        yearFrom: 1999,
        yearTo: 2026
      }
    ])
    expect(listSubthemes(t.store.read, t.pid, 'Old')).toEqual([])
    expect(
      all(
        t.store.read,
        sql`SELECT theme, year, set_count, typeof(year) AS y FROM years
            WHERE profile_id = ${t.pid} ORDER BY theme`
      )
    ).toEqual([
      { theme: 'Ninjago', year: '2011', set_count: 2_000_000_000, y: 'text' },
      { theme: 'Star "Wars"', year: '1999', set_count: 7, y: 'text' }
    ])
    expect(hasSubthemesAndYears(t.store.read, t.pid)).toBe(true)
  })
})
