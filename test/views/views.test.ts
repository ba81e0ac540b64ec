import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import { savedQuery, searchOfView, viewsChannels } from '../../src/shared/ipc/channels/views'
import type { SavedQuery } from '../../src/shared/ipc/channels/views'
import type { z } from 'zod'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { searchSets } from '../../src/main/catalogue/search-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { createViewsHandlers } from '../../src/main/views/index'
import type { ViewsHandlers } from '../../src/main/views/views-handlers'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { makeSet } from '../catalogue/set-fixtures'
import { thrownError } from '../service/error-codes'
import { setStateSql } from '../../src/main/collection/index'

let h: EditHarness
let views: ViewsHandlers
let pid = 0

/** Sets 1–5 are Castle (the harness); 11–14 Star Wars, two of them from 2019. */
beforeEach(async () => {
  h = await editHarness()
  pid = h.profileId
  upsertSets(
    h.store.write,
    pid,
    [11, 12, 13, 14].map((setID) =>
      makeSet({
        setID,
        theme: 'Star Wars',
        name: `Falcon ${setID}`,
        year: setID < 13 ? '2019' : '2021'
      })
    ),
    '2026-01-01T00:00:00Z'
  )
  views = createViewsHandlers({ store: h.store, profileId: () => pid })
})

afterEach(() => {
  h.close()
})

type Channel = keyof typeof viewsChannels

/** A call as dispatch makes it: the input through the channel's schema, then the handler. */
function call<K extends Channel>(
  channel: K,
  input: z.input<(typeof viewsChannels)[K]['input']>
): ReturnType<ViewsHandlers[K]> {
  const handler = views[channel] as (i: unknown) => ReturnType<ViewsHandlers[K]>
  return handler(viewsChannels[channel].input.parse(input))
}

const q = (v: Partial<SavedQuery> & Record<string, unknown>): SavedQuery => savedQuery.parse(v)

/** What Browse's list says for the same query: the total the catalogue search answers. */
function searchTotal(query: SavedQuery): number {
  return searchSets(h.store.read, setStateSql, pid, searchQuery.parse(searchOfView(query))).total
}

const names = (list: readonly { name: string }[]): string[] => list.map((v) => v.name)

describe('saved views', () => {
  it('saves a query by name and lists it with the count the search gives', async () => {
    await h.handlers['collection:updateSet']({ setID: 11, patch: { owned: true } })
    await h.handlers['collection:updateSet']({ setID: 12, patch: { owned: true } })
    await h.handlers['collection:updateSet']({ setID: 2, patch: { owned: true } })
    const owned = q({ theme: 'Star Wars', scope: { kind: 'owned' } })
    const saved = call('views:save', { name: '  Star Wars  I own ', query: owned })
    expect(saved).toMatchObject({ name: 'Star Wars I own', count: 2, problem: null })
    expect(saved.query).toEqual(owned)
    const list = call('views:list', {})
    expect(list).toEqual([saved])
    expect(list[0]?.count).toBe(searchTotal(owned))
  })

  it('counts every filter, the text and the list a view starts from', async () => {
    await h.handlers['collection:updateSet']({
      setID: 13,
      patch: {
        wanted: true,
        flags: {
          '1': false,
          '2': true,
          '3': false,
          '4': false,
          '5': false,
          '6': false,
          '7': false,
          '8': false
        }
      }
    })
    await h.handlers['collection:updateSet']({ setID: 12, patch: { wanted: true } })
    const cases: SavedQuery[] = [
      q({ text: 'falcon' }),
      q({ text: 'falcon', yearFrom: 2020 }),
      q({ scope: { kind: 'wanted' } }),
      q({ scope: { kind: 'flag', flag: 2 } }),
      q({ theme: 'Castle', sort: 'name', desc: true }),
      q({ wanted: true, yearTo: 2019 })
    ]
    cases.forEach((query, i) => call('views:save', { name: `v${i}`, query }))
    const counts = call('views:list', {}).map((v) => v.count)
    expect(counts).toEqual(cases.map(searchTotal))
    expect(counts).toEqual([4, 2, 2, 1, 5, 1])
  })

  it('counts text with the owned list the same way over a catalogue large enough for bitsets', async () => {
    upsertSets(
      h.store.write,
      pid,
      Array.from({ length: 400 }, (_, i) =>
        makeSet({ setID: 1000 + i, theme: 'Star Wars', name: `Falcon ${i}` })
      ),
      '2026-01-01T00:00:00Z'
    )
    for (let i = 0; i < 400; i += 13) {
      await h.handlers['collection:updateSet']({ setID: 1000 + i, patch: { owned: true } })
    }
    await h.handlers['collection:updateSet']({ setID: 1, patch: { owned: true } })
    const cases = [
      q({ text: 'falcon', scope: { kind: 'owned' } }),
      q({ text: 'f', scope: { kind: 'owned' } }),
      q({ text: 'falcon', owned: false, yearFrom: 2020 })
    ]
    cases.forEach((query, i) => call('views:save', { name: `big ${i}`, query }))
    const counts = call('views:list', {}).map((v) => v.count)
    expect(counts).toEqual(cases.map(searchTotal))
    expect(counts.slice(0, 2)).toEqual([31, 31])
  })

  it('refuses a second view of the same name, whatever its case and spaces', () => {
    call('views:save', { name: 'Castle', query: q({ theme: 'Castle' }) })
    const e = thrownError(() => call('views:save', { name: ' castle ', query: q({ text: 'x' }) }))
    expect(e.code).toBe('conflict')
    expect(e.message).toContain('already')
    expect(call('views:list', {}).map((v) => v.query?.theme)).toEqual(['Castle'])
  })

  it('renames, and refuses a name another view has', () => {
    const a = call('views:save', { name: 'A', query: q({}) })
    call('views:save', { name: 'B', query: q({}) })
    expect(names(call('views:rename', { id: a.id, name: 'First' }))).toEqual(['First', 'B'])
    expect(thrownError(() => call('views:rename', { id: a.id, name: 'b' })).code).toBe('conflict')
    // Its own name in another case is no clash.
    expect(names(call('views:rename', { id: a.id, name: 'FIRST' }))).toEqual(['FIRST', 'B'])
    expect(thrownError(() => call('views:rename', { id: 999, name: 'C' })).code).toBe('not_found')
  })

  it('keeps the order it is given, and refuses an order that is not every view once', () => {
    const ids = ['A', 'B', 'C'].map((name) => call('views:save', { name, query: q({}) }).id)
    const [a, b, c] = ids as [number, number, number]
    expect(names(call('views:reorder', { ids: [c, a, b] }))).toEqual(['C', 'A', 'B'])
    expect(thrownError(() => call('views:reorder', { ids: [c, a] })).code).toBe('invalid_input')
    expect(thrownError(() => call('views:reorder', { ids: [c, a, 77] })).code).toBe('invalid_input')
    expect(names(call('views:list', {}))).toEqual(['C', 'A', 'B'])
    // A new view goes last.
    call('views:save', { name: 'D', query: q({}) })
    expect(names(call('views:list', {}))).toEqual(['C', 'A', 'B', 'D'])
  })

  it('deletes', () => {
    const a = call('views:save', { name: 'A', query: q({}) })
    call('views:save', { name: 'B', query: q({}) })
    expect(names(call('views:delete', { id: a.id }))).toEqual(['B'])
    expect(thrownError(() => call('views:delete', { id: a.id })).code).toBe('not_found')
    // The name is free again.
    expect(call('views:save', { name: 'A', query: q({}) }).name).toBe('A')
  })

  it('lists a row whose stored query no longer reads as broken, and the rest as usual', () => {
    call('views:save', { name: 'Good', query: q({ theme: 'Castle' }) })
    const bad = call('views:save', { name: 'Bad', query: q({}) })
    const odd = call('views:save', { name: 'Odd', query: q({}) })
    h.store.write.prepare('UPDATE saved_views SET query = ? WHERE id = ?').run('{not json', bad.id)
    h.store.write
      .prepare('UPDATE saved_views SET query = ? WHERE id = ?')
      .run(JSON.stringify({ sort: 'colour', scope: { kind: 'flag', flag: 12 } }), odd.id)
    const list = call('views:list', {})
    expect(list.map((v) => [v.name, v.count, v.problem === null])).toEqual([
      ['Good', 5, true],
      ['Bad', null, false],
      ['Odd', null, false]
    ])
    expect(list[1]?.query).toBeNull()
    expect(names(call('views:delete', { id: bad.id }))).toEqual(['Good', 'Odd'])
  })

  it('a view of a theme the catalogue no longer has counts 0', () => {
    const v = call('views:save', { name: 'Gone', query: q({ theme: 'Fabuland' }) })
    expect(v.count).toBe(0)
  })

  it('a count follows each edit', async () => {
    const v = call('views:save', {
      name: 'Mine',
      query: q({ theme: 'Star Wars', scope: { kind: 'owned' } })
    })
    expect(v.count).toBe(0)
    await h.handlers['collection:updateSet']({ setID: 14, patch: { owned: true } })
    expect(call('views:list', {})[0]?.count).toBe(1)
    await h.handlers['collection:updateSet']({ setID: 14, patch: { owned: false } })
    expect(call('views:list', {})[0]?.count).toBe(0)
  })

  it("keeps each profile's views to itself", () => {
    call('views:save', { name: 'Mine', query: q({}) })
    const other = upsertProfile(
      h.store.write,
      { kind: 'demo', label: 'd', baseUrl: 'https://d.invalid', binding: 'auto', paths: {} },
      '2026-01-01T00:00:00Z'
    ).id
    const mine = pid
    pid = other
    expect(call('views:list', {})).toEqual([])
    // The same name is free in another profile.
    expect(call('views:save', { name: 'Mine', query: q({}) }).count).toBe(0)
    pid = mine
    expect(names(call('views:list', {}))).toEqual(['Mine'])
  })
})
