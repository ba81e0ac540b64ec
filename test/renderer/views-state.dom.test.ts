import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import { Nav, formatHash, nav, parseHash } from '../../src/renderer/src/lib/state/nav.svelte'
import { notices } from '../../src/renderer/src/lib/state/notices.svelte'
import { showRoute } from '../../src/renderer/src/lib/state/route-view'
import { search } from '../../src/renderer/src/lib/state/search.svelte'
import { ViewsState, views } from '../../src/renderer/src/lib/state/views.svelte'
import { savedQuery } from '../../src/shared/ipc/channels/views'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import { FakeViews } from './fake-views'

let backend: FakeBackend
let fake: FakeViews

beforeEach(() => {
  backend = new FakeBackend(40)
  fake = new FakeViews(backend)
  setTransport(backend)
  notices.toasts = []
})
afterEach(() => {
  setTransport(null)
})

const castleOwned = savedQuery.parse({ theme: 'Castle', scope: { kind: 'owned' } })

describe('ViewsState', () => {
  it('lists the views with the counts the back end gives, and reads them again on refresh', async () => {
    fake.add('Castle I own', castleOwned)
    const v = new ViewsState()
    await v.ready()
    expect(v.list.map((x) => [x.name, x.count])).toEqual([['Castle I own', 0]])
    await backend.invoke('collection:updateSet', { setID: 4, patch: { owned: true } })
    await v.refresh()
    expect(v.list[0]?.count).toBe(1)
  })

  it('asks again when main says a view’s count was kept from before the catalogue last changed', async () => {
    // A load's last page can land while main still keeps the last costly count: with no event
    // after it, the sidebar kept the old number (the list of sets was told; the views were not).
    vi.useFakeTimers()
    try {
      fake.add('Castle', savedQuery.parse({ theme: 'Castle' }))
      let asked = 0
      backend.override('views:list', () => {
        asked++
        const now = fake.list()
        return asked === 1 ? now.map((v) => ({ ...v, count: 1, recountInMs: 800 })) : now
      })
      const v = new ViewsState()
      await v.ready()
      const exact = fake.list()[0]?.count ?? 0
      expect(exact).toBeGreaterThan(1)
      expect(v.list[0]?.count).toBe(1)
      await vi.advanceTimersByTimeAsync(799)
      expect(v.list[0]?.count).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(v.list[0]?.count).toBe(exact)
      // An exact answer is not asked again.
      const calls = asked
      await vi.advanceTimersByTimeAsync(5000)
      expect(asked).toBe(calls)
    } finally {
      vi.useRealTimers()
    }
  })

  it('saves a view, and a name in use comes back as the reason, the list unchanged', async () => {
    const v = new ViewsState()
    await v.ready()
    const saved = await v.save('Castle I own', castleOwned)
    expect(saved.ok).toBe(true)
    expect(v.list.map((x) => x.name)).toEqual(['Castle I own'])
    const again = await v.save('castle i own', castleOwned)
    expect(again.ok).toBe(false)
    if (!again.ok) expect(again.error.message).toContain('already called')
    expect(v.list.map((x) => x.name)).toEqual(['Castle I own'])
  })

  it('moves a view up and down and to a place, and sends the whole order', async () => {
    for (const name of ['A', 'B', 'C']) fake.add(name, savedQuery.parse({}))
    const v = new ViewsState()
    await v.ready()
    const id = (name: string): number => v.list.find((x) => x.name === name)?.id ?? 0
    await v.move(id('C'), -1)
    expect(v.list.map((x) => x.name)).toEqual(['A', 'C', 'B'])
    expect(backend.callsTo('views:reorder').at(-1)).toEqual({ ids: [id('A'), id('C'), id('B')] })
    await v.move(id('A'), -1)
    // Already first: nothing to send.
    expect(backend.callsTo('views:reorder')).toHaveLength(1)
    await v.moveTo(id('A'), 9)
    expect(v.list.map((x) => x.name)).toEqual(['C', 'B', 'A'])
  })

  it('a refused reorder puts back the stored order and says why', async () => {
    for (const name of ['A', 'B']) fake.add(name, savedQuery.parse({}))
    const v = new ViewsState()
    await v.ready()
    backend.failures['views:reorder'] = {
      code: 'invalid_input',
      message: 'The saved views changed meanwhile; the order was not saved.',
      retryable: false
    }
    await v.move(v.list[1]?.id ?? 0, -1)
    expect(v.list.map((x) => x.name)).toEqual(['A', 'B'])
    expect(notices.toasts).toHaveLength(1)
  })

  it('renames and deletes', async () => {
    const a = fake.add('A', savedQuery.parse({}))
    fake.add('B', savedQuery.parse({}))
    const v = new ViewsState()
    await v.ready()
    expect((await v.rename(a, 'b'))?.message).toContain('already called')
    expect(await v.rename(a, 'First')).toBeNull()
    expect(v.list.map((x) => x.name)).toEqual(['First', 'B'])
    expect(await v.remove(a)).toBe(true)
    expect(v.list.map((x) => x.name)).toEqual(['B'])
  })

  it('lists a broken view as such', async () => {
    fake.add('Odd', { sort: 'colour' })
    const v = new ViewsState()
    await v.ready()
    expect(v.list[0]).toMatchObject({ name: 'Odd', query: null, count: null })
    expect(v.list[0]?.problem).toBeTruthy()
  })
})

describe('the saved view route', () => {
  it('reads and writes #/view/<id>, with a set over it', () => {
    expect(parseHash('#/view/7')).toEqual({ view: 'view', flag: 1, setID: null, viewId: 7 })
    expect(parseHash('#/view/7/set/12')).toMatchObject({ view: 'view', viewId: 7, setID: 12 })
    expect(parseHash('#/view/x')).toEqual({ view: 'browse', flag: 1, setID: null })
    expect(formatHash({ view: 'view', flag: 1, setID: 3, viewId: 7 })).toBe('#/view/7/set/3')
    window.history.replaceState(null, '', '#/view/7')
    const local = new Nav()
    local.openSet(5)
    expect(window.location.hash).toBe('#/view/7/set/5')
    local.closeSet()
    expect(window.location.hash).toBe('#/view/7')
  })

  it('opening a view shows its query; leaving for a list starts that list afresh', async () => {
    const id = fake.add('Castle I own', castleOwned)
    await backend.invoke('collection:updateSet', { setID: 4, patch: { owned: true } })
    await views.refresh()
    showRoute(null, { view: 'view', flag: 1, setID: null, viewId: id })
    await settle()
    expect(search.viewId).toBe(id)
    expect(search.saved()).toEqual(castleOwned)
    expect(search.total).toBe(1)
    expect(backend.callsTo('catalog:search').at(-1)).toMatchObject({ theme: 'Castle', owned: true })
    // Back from a set, the view's list is as it was left.
    search.setText('set')
    showRoute(
      { view: 'view', flag: 1, setID: 4, viewId: id },
      { view: 'view', flag: 1, setID: null, viewId: id }
    )
    expect(search.text).toBe('set')
    // My collection is a list of the same scope, without the view's filters.
    showRoute(
      { view: 'view', flag: 1, setID: null, viewId: id },
      { view: 'owned', flag: 1, setID: null }
    )
    await settle()
    expect(search.viewId).toBeNull()
    expect(search.filters.theme).toBeUndefined()
    expect(search.text).toBe('set')
  })

  it('a view of a theme the catalogue no longer has opens, with 0 sets', async () => {
    const id = fake.add('Fabuland', savedQuery.parse({ theme: 'Fabuland' }))
    await views.refresh()
    expect(views.byId(id)?.count).toBe(0)
    showRoute(null, { view: 'view', flag: 1, setID: null, viewId: id })
    await settle()
    expect(search.viewId).toBe(id)
    expect(search.filters.theme).toBe('Fabuland')
    expect(search.total).toBe(0)
    expect(search.error).toBeNull()
  })

  it('a view that is gone, or cannot be read, sends the list back to Browse and says so', async () => {
    const odd = fake.add('Odd', { sort: 'colour' })
    await views.refresh()
    for (const id of [odd, 999]) {
      notices.toasts = []
      window.history.replaceState(null, '', `#/view/${id}`)
      window.dispatchEvent(new HashChangeEvent('hashchange'))
      const stop = nav.start(showRoute)
      await settle()
      expect(nav.route.view).toBe('browse')
      expect(window.location.hash).toBe('#/browse')
      expect(notices.toasts.map((t) => t.text).join()).toMatch(
        id === odd ? /"Odd" cannot be opened/ : /no longer exists/
      )
      stop()
    }
  })
})
