import { describe, expect, it } from 'vitest'
import { formatHash, parseHash, VIEWS } from '../../src/renderer/src/lib/state/nav.svelte'

describe('hash routes', () => {
  it('round-trips every view, flag and open set', () => {
    for (const view of VIEWS) {
      for (const setID of [null, 42]) {
        const route = {
          view,
          flag: view === 'flag' ? 5 : 1,
          setID,
          ...(view === 'view' ? { viewId: 7 } : {})
        }
        expect(parseHash(formatHash(route))).toEqual(route)
      }
    }
  })

  it('falls back to browse and ignores malformed parts', () => {
    expect(parseHash('')).toEqual({ view: 'browse', flag: 1, setID: null })
    expect(parseHash('#/nope/set/abc')).toEqual({ view: 'browse', flag: 1, setID: null })
    expect(parseHash('#/flag/99')).toEqual({ view: 'flag', flag: 1, setID: null })
    expect(parseHash('#/owned/set/-3')).toEqual({ view: 'owned', flag: 1, setID: null })
    expect(parseHash('#/view/0/set/4')).toEqual({ view: 'browse', flag: 1, setID: 4 })
  })
})
