import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { savedQuery, viewsChannels } from '../../src/shared/ipc/channels/views'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { createViewsHandlers } from '../../src/main/views/index'
import type { ViewsHandlers } from '../../src/main/views/views-handlers'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'
import { makeSet } from '../catalogue/set-fixtures'

/**
 * A saved view's count is the catalogue's total, kept for a while when counting is costly and the
 * catalogue changes under it (a sync's pages; catalogue/search-repo.ts). The Browse list was told
 * when to ask again (`recountInMs`); the views were not, so a view's count could stay behind the
 * last page of a load until something else changed (noticed 2026-11-26). Now they are told too.
 */
let h: EditHarness
let views: ViewsHandlers
let clock = 0

const write = (setID: number): void => {
  upsertSets(
    h.store.write,
    h.profileId,
    [makeSet({ setID, theme: 'Star Wars', name: `Falcon ${String(setID)}` })],
    '2026-01-01T00:00:00Z'
  )
}

beforeEach(async () => {
  h = await editHarness()
  for (const id of [11, 12, 13]) write(id)
  views = createViewsHandlers({ store: h.store, profileId: () => h.profileId })
  // Every reading 10 ms on: each count looks as costly as 200,000 sets' do.
  clock = 1e6
  vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10))
})

afterEach(() => {
  vi.restoreAllMocks()
  h.close()
})

const list = () => views['views:list'](viewsChannels['views:list'].input.parse({}))

describe('a saved view’s count while the catalogue changes', () => {
  it('says when a count kept from before the last write will be made again', () => {
    views['views:save']({ name: 'Falcons', query: savedQuery.parse({ theme: 'Star Wars' }) })
    const first = list()[0]
    expect(first?.count).toBe(3)
    expect(first?.recountInMs).toBeUndefined()
    write(14)
    const kept = list()[0]
    expect(kept?.count).toBe(3)
    expect(kept?.recountInMs).toBeGreaterThan(0)
    clock += kept?.recountInMs ?? 0
    const again = list()[0]
    expect(again?.count).toBe(4)
    expect(again?.recountInMs).toBeUndefined()
  })
})
