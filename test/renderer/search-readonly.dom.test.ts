import { describe, expect, it } from 'vitest'
import { SearchState } from '../../src/renderer/src/lib/state/search.svelte'

describe('SearchState from outside', () => {
  it('shows the query and its answer but takes changes only through its methods', () => {
    const s = new SearchState()
    // An answer's total or rows written from outside would disagree with the query on screen.
    expect(() => {
      // @ts-expect-error total is set by an answer only
      s.total = 5
    }).toThrow(TypeError)
    expect(() => {
      // @ts-expect-error the scope changes through setScope, which also searches
      s.scope = { kind: 'owned' }
    }).toThrow(TypeError)
    expect(() => {
      // @ts-expect-error the text changes through setText, which also searches
      s.text = 'x'
    }).toThrow(TypeError)
    expect(s.total).toBe(0)
    expect(s.scope).toEqual({ kind: 'all' })
    // What the list view keeps here changes through setters too: every write is in the class.
    expect(() => {
      // @ts-expect-error the layout changes through setLayout
      s.layout = 'grid'
    }).toThrow(TypeError)
    expect(() => {
      // @ts-expect-error the keyboard row changes through setActive
      s.active = 3
    }).toThrow(TypeError)
    s.setLayout('grid')
    s.setActive(3)
    s.keepScroll(120)
    expect([s.layout, s.active, s.scrollTop]).toEqual(['grid', 3, 120])
  })
})
