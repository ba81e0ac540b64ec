import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import { detail } from '../../src/renderer/src/lib/state/detail.svelte'
import { focusIntent } from '../../src/renderer/src/lib/state/focus.svelte'
import { Nav } from '../../src/renderer/src/lib/state/nav.svelte'
import type { Route } from '../../src/renderer/src/lib/state/nav.svelte'
import { scopeOf, showRoute } from '../../src/renderer/src/lib/state/route-view'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

const route = (view: Route['view'], setID: number | null = null, flag = 1): Route => ({
  view,
  flag,
  setID
})

function back(hash: string): void {
  window.history.pushState(null, '', hash)
  window.dispatchEvent(new HashChangeEvent('hashchange'))
}

describe('the route', () => {
  it('starts from the address, then hands over each change with the route it left', () => {
    window.history.replaceState(null, '', '#/owned/set/7')
    const nav = new Nav()
    const seen: [Route | null, Route][] = []
    const stop = nav.start((prev, next) => seen.push([prev, next]))
    expect(seen).toEqual([[null, route('owned', 7)]])

    nav.closeSet()
    expect(window.location.hash).toBe('#/owned')
    expect(seen[1]).toEqual([route('owned', 7), route('owned')])

    back('#/flag/3')
    expect(nav.route).toEqual(route('flag', null, 3))
    expect(seen[2]).toEqual([route('owned'), route('flag', null, 3)])

    nav.go('settings')
    nav.openSet(12)
    // A set opened from a screen without a list opens over Browse.
    expect(window.location.hash).toBe('#/browse/set/12')

    stop()
    nav.go('totals')
    expect(seen).toHaveLength(5)
    expect(nav.route).toEqual(route('totals'))
  })

  it('gives a list scope to the list screens only', () => {
    expect(scopeOf(route('browse'))).toEqual({ kind: 'all' })
    expect(scopeOf(route('wanted', 4))).toEqual({ kind: 'wanted' })
    expect(scopeOf(route('flag', null, 6))).toEqual({ kind: 'flag', flag: 6 })
    expect(scopeOf(route('minifigs'))).toBeNull()
  })
})

describe('what a route change does to the screens', () => {
  beforeEach(() => {
    setTransport(new FakeBackend(40))
    focusIntent.take('detail')
    focusIntent.take('list')
  })
  afterEach(() => {
    detail.close()
    setTransport(null)
  })

  it('the list takes the scope, the set opens and closes, the keyboard follows', async () => {
    showRoute(null, route('owned', 5))
    // The first route is where the app starts: nothing had the keyboard to move it from.
    expect(focusIntent.detail).toBe(false)
    expect(search.scope).toEqual({ kind: 'owned' })
    expect(detail.setID).toBe(5)
    await settle()
    expect(detail.set?.setID).toBe(5)

    showRoute(route('owned', 5), route('owned'))
    expect(detail.setID).toBeNull()
    expect(focusIntent.list).toBe(true)

    showRoute(route('owned'), route('wanted', 9))
    expect(search.scope).toEqual({ kind: 'wanted' })
    expect(focusIntent.detail).toBe(true)
    await settle()
    expect(detail.set?.setID).toBe(9)

    // A screen without a list leaves the list as it was, for the way back.
    showRoute(route('wanted', 9), route('settings'))
    expect(search.scope).toEqual({ kind: 'wanted' })
    expect(detail.setID).toBeNull()
  })
})
