import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createCatalogueHandlers } from '../../src/main/catalogue/catalogue-handlers'
import { freshFuzzyWords, fuzzyWords } from '../../src/main/catalogue/fuzzy-words-repo'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import type { Profiles } from '../../src/main/account/index'
import { searchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchQuery } from '../../src/shared/ipc/channels/catalog'
import type { SearchResultDto } from '../../src/shared/model/catalog'
import { FIXTURE_AT, makeSet, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { setStateSql } from '../../src/main/collection/index'

/** Issue #28 item 3: one typo still finds the set; the best matches come first. */

let t: TestStore
let search: (q: SearchQuery) => Promise<SearchResultDto>

const SETS = [
  makeSet({ setID: 1, number: '10179', name: 'Millennium Falcon', theme: 'Star Wars' }),
  makeSet({ setID: 2, number: '6285', name: 'Black Seas Barracuda', theme: 'Pirates' }),
  makeSet({ setID: 3, number: '10210', name: 'Imperial Flagship', theme: 'Pirates' }),
  makeSet({ setID: 4, number: '6274', name: 'Caribbean Clipper', theme: 'Pirates' }),
  makeSet({ setID: 5, number: '21322', name: 'Pirates of Barracuda Bay', theme: 'Ideas' }),
  makeSet({ setID: 6, number: '70618', name: 'Destiny’s Bounty', theme: 'Ninjago' }),
  makeSet({ setID: 7, number: '71799', name: 'Ninjago City Markets', theme: 'Ninjago' }),
  makeSet({ setID: 8, number: '6286', name: 'Skull’s Eye Schooner', theme: 'Pirates' }),
  makeSet({ setID: 9, number: '10320', name: 'Eldorado Fortress', theme: 'Icons' }),
  makeSet({ setID: 10, number: '10040', name: 'Black Seas Galleon', theme: 'Pirates' }),
  makeSet({ setID: 11, number: '7048', name: 'Troll Warship', theme: 'Fantasy Era' }),
  makeSet({ setID: 12, number: '71721', name: 'Skull Sorcerer’s Dragons', theme: 'Ninjago' }),
  makeSet({ setID: 13, number: '6082', name: 'Fire Breathing Fortress', theme: 'Dragon Masters' }),
  makeSet({ setID: 14, number: '31120', name: 'Medieval Castle', theme: 'Creator' }),
  makeSet({ setID: 15, number: '10305', name: 'Lion Knights’ Castle', theme: 'Icons' }),
  makeSet({ setID: 16, number: '70403', name: 'Dragon Mountain', theme: 'Castle' }),
  makeSet({ setID: 17, number: '75192', name: 'Millennium Falcon', theme: 'Star Wars' })
]

beforeAll(async () => {
  t = await openTestStore('search-fuzzy')
  upsertSets(t.store.write, t.pid, SETS, FIXTURE_AT)
  const profiles = { active: () => ({ id: t.pid }) } as unknown as Profiles
  const handlers = createCatalogueHandlers({
    state: setStateSql,
    store: t.store,
    profiles,
    now: () => new Date()
  })
  search = async (q) => handlers['catalog:search'](searchQuery.parse(q))
})

afterAll(() => {
  t.close()
})

const ids = async (q: SearchQuery): Promise<number[]> => (await search(q)).rows.map((r) => r.setID)

describe('search forgives one typo', () => {
  it('finds the set with an insertion, deletion, substitution or transposition', async () => {
    expect(await ids({ text: 'Galeon' })).toEqual([10]) // a letter left out
    expect(await ids({ text: 'dragn' })).toEqual([16, 12, 13]) // left out, before a theme match
    expect(await ids({ text: 'Millenium' })).toEqual([1, 17])
    expect(await ids({ text: 'Galloen' })).toEqual([10]) // two letters swapped
    expect(await ids({ text: 'Gallean' })).toEqual([10]) // one letter wrong
    expect(await ids({ text: 'Galleeon' })).toEqual([10]) // one letter too many
    expect(await ids({ text: 'black galeon' })).toEqual([10])
  })

  it('forgives nothing in words under 4 letters, nor two typos in one word', async () => {
    expect(await ids({ text: 'bey' })).toEqual([])
    expect(await ids({ text: 'Galoen' })).toEqual([]) // a letter left out and two swapped
    expect((await search({ text: 'Gxlxeon' })).didYouMean ?? null).toBeNull()
  })

  it('counts and pages fuzzy matches like any others', async () => {
    const all = await search({ text: 'dragn', limit: 100 })
    expect(all.total).toBe(3)
    const second = await search({ text: 'dragn', limit: 1, offset: 1 })
    expect(second.rows.map((r) => r.setID)).toEqual([12])
    expect(second.total).toBe(3)
    const third = await search({ text: 'dragn', limit: 2, offset: 2 })
    expect(third.rows.map((r) => r.setID)).toEqual([13])
  })
})

describe('search ranks by match', () => {
  it('puts exact and prefix name matches first, then typo matches, then theme matches', async () => {
    // "pirates" is the name of set 5 and the theme of five others; sorted by number the
    // theme matches would come first.
    expect(await ids({ text: 'pirates', sort: 'number' })).toEqual([5, 4, 2, 8, 10, 3])
    // "castle": two names, then one theme (Dragon Mountain's), whatever the sort.
    expect(await ids({ text: 'castle', sort: 'number', desc: true })).toEqual([14, 15, 16])
    // "dragon": the name prefix matches (Dragon Mountain, Dragons) before the theme match.
    expect(await ids({ text: 'dragon' })).toEqual([16, 12, 13])
  })

  it('ranks a set number like a name: the set asked for first', async () => {
    expect((await ids({ text: '6285' }))[0]).toBe(2)
  })

  it('keeps every match across pages, each once, in rank order', async () => {
    const whole = await ids({ text: 'pirates', limit: 100 })
    const paged: number[] = []
    for (let offset = 0; offset < whole.length; offset += 2)
      paged.push(...(await ids({ text: 'pirates', limit: 2, offset })))
    expect(paged).toEqual(whole)
  })
})

describe('did you mean', () => {
  it('suggests the catalogue spelling when the text as typed matches nothing', async () => {
    expect((await search({ text: 'Galeon' })).didYouMean).toBe('galleon')
    expect((await search({ text: 'black galeon' })).didYouMean).toBe('black galleon')
    expect((await search({ text: 'Millenium falc' })).didYouMean).toBe('millennium falc')
  })

  it('suggests nothing when the text matches as typed', async () => {
    expect((await search({ text: 'galleon' })).didYouMean ?? null).toBeNull()
    // "drago" prefixes "dragon": an exact match, though "drag" words are one typo away too.
    expect((await search({ text: 'drago' })).didYouMean ?? null).toBeNull()
  })
})

describe('the word index', () => {
  it('is read in slices: the event loop turns while a large catalogue is read', async () => {
    const big = await openTestStore('search-fuzzy-big')
    try {
      const sets = Array.from({ length: 2500 }, (_, i) =>
        makeSet({ setID: i + 1, name: `Model ${i} Lighthouse`, theme: `Theme ${i % 40}` })
      )
      upsertSets(big.store.write, big.pid, sets, FIXTURE_AT)
      let turns = 0
      let stop = false
      const tick = (): void => {
        turns++
        if (!stop) setImmediate(tick)
      }
      setImmediate(tick)
      const index = await fuzzyWords(big.store.read)
      stop = true
      expect(index.near('lighthose')).toEqual(['lighthouse'])
      // 2,500 sets are 50 reads of 50 rows, at most 4 a slice: other callbacks ran between.
      expect(turns).toBeGreaterThanOrEqual(2)
    } finally {
      big.close()
    }
  })

  it('learns words from sets cached after it was first read', async () => {
    expect(await ids({ text: 'Submarne' })).toEqual([])
    upsertSets(
      t.store.write,
      t.pid,
      [makeSet({ setID: 18, number: '60264', name: 'Ocean Exploration Submarine' })],
      FIXTURE_AT
    )
    // A search right after the change may still use the old words while the new are read.
    expect((await freshFuzzyWords(t.store.read)).near('submarne')).toEqual(['submarine'])
    expect(await ids({ text: 'Submarne' })).toEqual([18])
  })

  it('is not read again on every search while the catalogue keeps changing (a sync)', async () => {
    const moving = await openTestStore('search-fuzzy-moving')
    vi.useFakeTimers({ toFake: ['performance'] })
    try {
      upsertSets(moving.store.write, moving.pid, SETS.slice(0, 3), FIXTURE_AT)
      const first = await fuzzyWords(moving.store.read)
      const turn = () => new Promise((r) => setImmediate(r))
      // A set written between every two searches, searches close together: the first index stays.
      for (let i = 0; i < 5; i++) {
        upsertSets(moving.store.write, moving.pid, SETS.slice(3 + i, 4 + i), FIXTURE_AT)
        expect(await fuzzyWords(moving.store.read)).toBe(first)
        await turn()
      }
      expect(first.near('clippr')).toEqual([])
      // Once a while has passed, the next search reads the changed catalogue behind it.
      vi.advanceTimersByTime(60_000)
      expect((await fuzzyWords(moving.store.read)).near('clippr')).toEqual([])
      let turns = 0
      while ((await fuzzyWords(moving.store.read)).near('clippr').length === 0 && turns < 100) {
        await turn()
        turns++
      }
      expect((await fuzzyWords(moving.store.read)).near('clippr')).toEqual(['clipper'])
    } finally {
      vi.useRealTimers()
      moving.close()
    }
  })
})
