import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { FIXTURE_AT, makeSet } from './set-fixtures'
import type { TestStore } from './set-fixtures'

const SUBTHEMES = ['', 'Knights', 'Classic', 'Harbour']
const AVAILABILITY = ['Retail', 'Retired', 'LEGO exclusive', '']

/**
 * The catalogue the facet tests count: sets 1..n spread over `themes`, four subthemes and four
 * availabilities (one of each empty), forty years from 1980, named "Castle keep" or "Harbour
 * crane", priced 0.99 to 49.99 in the UK. With `gaps`, every 17th set has no subtheme (null) and
 * every 23rd no year (''), the values a facet must leave out.
 *
 * The user's marks: every 7th set from the first owned (one copy; the even ones flagged 1 and 2),
 * every 11th from the third wanted (a set already owned keeps its first mark).
 */
export function seedFacetCatalogue(
  t: TestStore,
  n: number,
  themes: readonly string[],
  gaps: boolean
): void {
  const sets = Array.from({ length: n }, (_, i) =>
    makeSet({
      setID: i + 1,
      name: i % 3 === 0 ? `Castle keep ${i}` : `Harbour crane ${i}`,
      theme: themes[i % themes.length] ?? '',
      subtheme: gaps && i % 17 === 0 ? null : (SUBTHEMES[(i * 7) % 4] ?? ''),
      year: gaps && i % 23 === 0 ? '' : String(1980 + ((i * 13) % 40)),
      availability: AVAILABILITY[(i * 3) % 4] ?? '',
      UKRetailPrice: String((i % 50) + 0.99)
    })
  )
  upsertSets(t.store.write, t.pid, sets, FIXTURE_AT)
  const state = t.store.write.prepare(
    `INSERT OR IGNORE INTO set_state (profile_id, set_id, owned, wanted, qty_owned, flags, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, '')`
  )
  for (let id = 1; id <= n; id += 7) state.run(t.pid, id, 1, 0, 1, id % 2 === 0 ? 3 : 0)
  for (let id = 3; id <= n; id += 11) state.run(t.pid, id, 0, 1, 0, 0)
}
