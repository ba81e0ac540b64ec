import { describe, expect, it, vi } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import { SearchState } from '../../src/renderer/src/lib/state/search.svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { holdEachTest, withInput } from './held-transport'

/**
 * SearchState on its own, over a back end that answers searches when the test says so: a slow
 * answer to an older query must never replace the rows of the query the user typed since.
 */
/** The held search for this text. */
const searchFor = (text: string) => withInput('catalog:search', (q) => (q.text ?? '') === text)

const transport = holdEachTest(300, 'catalog:search')

describe('SearchState', () => {
  it('keeps the rows of the newest query when an older answer arrives last', async () => {
    const s = new SearchState()
    s.setText('Castle')
    s.setText('Space set 2')
    transport().answer(searchFor('Space set 2'))
    await settle()
    const newest = { total: s.total, first: s.rowAt(0)?.name }
    expect(s.shownText).toBe('Space set 2')
    expect(newest.first).toMatch(/^Space set 2/)

    transport().answer(searchFor('Castle'))
    await settle()
    expect(s.shownText).toBe('Space set 2')
    expect({ total: s.total, first: s.rowAt(0)?.name }).toEqual(newest)
    expect(s.loading).toBe(false)
  })

  it('drops a page that belongs to a query the user has since replaced', async () => {
    const s = new SearchState()
    s.setText('')
    transport().answer(searchFor(''))
    await settle()
    expect(s.total).toBe(300)
    s.ensure(150, 199) // asks for page 1 of the old query
    s.setText('Town')
    transport().answer(searchFor('Town'))
    await settle()
    const townRows = s.total
    transport().answer(searchFor('')) // the old query's page 1 arrives late
    await settle()
    expect(s.total).toBe(townRows)
    expect(s.rowAt(100)).toBeUndefined()
  })

  it('a filter change clears a subtheme of the old theme and starts from the first row', () => {
    const s = new SearchState()
    s.setFilters({ theme: 'Castle', subtheme: 'Knights' })
    s.setActive(40)
    s.setFilters({ theme: 'Space' })
    expect(s.filters).toEqual({ flags: [], theme: 'Space' })
    expect(s.active).toBe(0)
    expect(s.query(0, 10, false)).toMatchObject({ theme: 'Space', offset: 0, limit: 10 })
    expect(s.query(0, 10, false)).not.toHaveProperty('subtheme')
  })

  it('asks again when main says its total was counted before the catalogue last changed', async () => {
    // A load's last page can land while main still shows the last costly count: with no event
    // after it, the list kept "100 sets" of 2,000 (issue #25).
    vi.useFakeTimers()
    try {
      const backend = new FakeBackend(300)
      let asked = 0
      backend.override('catalog:search', (q) => {
        asked++
        const answer = backend.search(q)
        return asked === 1 ? { ...answer, total: 100, recountInMs: 800 } : answer
      })
      setTransport(backend)
      const s = new SearchState()
      s.setText('')
      await vi.advanceTimersByTimeAsync(0)
      expect(s.total).toBe(100)
      await vi.advanceTimersByTimeAsync(799)
      expect(s.total).toBe(100)
      await vi.advanceTimersByTimeAsync(1)
      expect(s.total).toBe(300)
      // An exact answer is not asked again.
      const calls = asked
      await vi.advanceTimersByTimeAsync(5000)
      expect(asked).toBe(calls)
    } finally {
      vi.useRealTimers()
    }
  })
})
